import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SERVER_ROOT } from './config.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'evc-config-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('applies the documented defaults', async () => {
    const config = await loadConfig({}, dir);
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.join(dir, 'data'),
      databaseUrl: undefined,
      appUrl: 'http://localhost:8080',
      smtpUrl: undefined,
      apiVersion: '2.0.0',
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 2_592_000,
      staticDir: path.resolve(SERVER_ROOT, '../driver/dist'),
      loginRateLimit: 20,
    });
  });

  it('generates the JWT secret once and keeps it in DATA_DIR', async () => {
    const first = await loadConfig({ DATA_DIR: 'state' }, dir);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect((await readFile(path.join(dir, 'state', 'jwt-secret'), 'utf8')).trim()).toBe(
      first.jwtSecret,
    );
    expect((await loadConfig({ DATA_DIR: 'state' }, dir)).jwtSecret).toBe(first.jwtSecret);
  });

  it('reads every variable', async () => {
    const config = await loadConfig(
      {
        PORT: '8181',
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
        APP_URL: 'https://charge.example.com/',
        JWT_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://mail.example.com:587',
        MAIL_FROM: 'Charge <hello@example.com>',
        API_VERSION: '2.1.0',
        ACCESS_TOKEN_TTL: '60',
        REFRESH_TOKEN_TTL: '3600',
        NODE_ENV: 'production',
        STATIC_DIR: 'public',
        TRUST_PROXY: 'true',
        LOGIN_RATE_LIMIT: '50',
        CORS_ORIGINS: 'https://charge.partner.example, http://kiosk.example:8443',
        CSP_EXTRA_ORIGINS: 'https://tiles.example.org',
      },
      dir,
    );
    expect(config).toMatchObject({
      port: 8181,
      appUrl: 'https://charge.example.com',
      jwtSecret: 'x'.repeat(40),
      apiVersion: '2.1.0',
      accessTokenTtlSeconds: 60,
      refreshTokenTtlSeconds: 3600,
      nodeEnv: 'production',
      staticDir: path.join(dir, 'public'),
      trustProxy: true,
      loginRateLimit: 50,
      corsOrigins: ['https://charge.partner.example', 'http://kiosk.example:8443'],
      cspExtraOrigins: ['https://tiles.example.org'],
    });
  });

  it('fails with the list of every problem', async () => {
    const failure = await loadConfig(
      {
        PORT: 'eighty',
        NODE_ENV: 'production',
        SMTP_URL: 'http://x',
        API_VERSION: '2',
        ACCESS_TOKEN_TTL: '-5',
        LOGIN_RATE_LIMIT: '0',
        CORS_ORIGINS: 'https://ok.example,https://with.path.example/app',
      },
      dir,
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConfigError);
    const problems = (failure as ConfigError).problems.map((problem) => problem.split(':')[0]);
    expect(problems.sort()).toEqual([
      'ACCESS_TOKEN_TTL',
      'API_VERSION',
      'CORS_ORIGINS',
      'JWT_SECRET',
      'LOGIN_RATE_LIMIT',
      'PORT',
      'SMTP_URL',
    ]);
    expect((failure as ConfigError).message).toContain(
      'JWT_SECRET: is required when NODE_ENV=production',
    );
  });

  it('sweeps abandoned intents after an hour and holds reusable for a day unless set', async () => {
    expect(await loadConfig({}, dir)).toMatchObject({
      intentAbandonAfterSeconds: 3600,
      heldIntentReuseSeconds: 86_400,
    });
    expect(
      await loadConfig({ INTENT_ABANDON_AFTER: '600', HELD_INTENT_REUSE_LIMIT: '7200' }, dir),
    ).toMatchObject({ intentAbandonAfterSeconds: 600, heldIntentReuseSeconds: 7200 });
    const failure = await loadConfig(
      { INTENT_ABANDON_AFTER: '0', HELD_INTENT_REUSE_LIMIT: 'a day' },
      dir,
    ).catch((error: unknown) => error);
    expect(
      (failure as ConfigError).problems.map((problem) => problem.split(':')[0]).sort(),
    ).toEqual(['HELD_INTENT_REUSE_LIMIT', 'INTENT_ABANDON_AFTER']);
  });

  it('runs as one node unless NATS_URL names the servers that join several', async () => {
    const single = await loadConfig({}, dir);
    expect(single).toMatchObject({
      natsUrl: undefined,
      natsSubjectPrefix: 'evc',
      demoChargers: true,
    });
    const joined = await loadConfig(
      {
        NATS_URL: 'nats://10.0.0.5:4222, nats://user:secret@10.0.0.6:4222',
        NATS_SUBJECT_PREFIX: 'evc.eu',
      },
      dir,
    );
    expect(joined).toMatchObject({
      natsUrl: 'nats://10.0.0.5:4222, nats://user:secret@10.0.0.6:4222',
      natsSubjectPrefix: 'evc.eu',
      // Each node would run the same demo chargers; one may still be asked to.
      demoChargers: false,
    });
    expect(
      (await loadConfig({ NATS_URL: 'nats://10.0.0.5:4222', DEMO_CHARGERS: 'true' }, dir))
        .demoChargers,
    ).toBe(true);
    const failure = await loadConfig(
      { NATS_URL: 'http://10.0.0.5:4222', NATS_SUBJECT_PREFIX: 'evc.*' },
      dir,
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConfigError);
    expect(
      (failure as ConfigError).problems.map((problem) => problem.split(':')[0]).sort(),
    ).toEqual(['NATS_SUBJECT_PREFIX', 'NATS_URL']);
  });
});

describe('loadConfig: payments', () => {
  it('takes payments to Stripe with a key, its webhook secret and an API address', async () => {
    const config = await loadConfig(
      {
        STRIPE_SECRET_KEY: 'sk_test_51abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      },
      dir,
    );
    expect(config).toMatchObject({
      stripeSecretKey: 'sk_test_51abc',
      stripeWebhookSecret: 'whsec_abc',
      stripeApiUrl: 'http://127.0.0.1:12111',
    });
    expect((await loadConfig({}, dir)).stripeSecretKey).toBeUndefined();
  });

  it('refuses a wrong key, and a key without its webhook secret', async () => {
    const wrong = await loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc' }, dir).catch(
      (error: unknown) => error,
    );
    expect((wrong as ConfigError).problems.map((problem) => problem.split(':')[0])).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
  });
});
