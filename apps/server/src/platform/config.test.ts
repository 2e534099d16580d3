import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, NO_DEMO, SERVER_ROOT } from './config.ts';

/** As `openssl rand -base64 48` makes one. */
const PRODUCTION_SECRET = 'q3N8vJ0kXw5T2bYpL7rF1cZs9HdA4mGu6EiKoR+/WxVnB2lQe8TtPy0UjMa3hC5f';

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
      consoleDir: path.resolve(SERVER_ROOT, '../console/dist'),
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
        JWT_SECRET: PRODUCTION_SECRET,
        SMTP_URL: 'smtp://mail.example.com:587',
        MAIL_FROM: 'Charge <hello@example.com>',
        API_VERSION: '2.1.0',
        ACCESS_TOKEN_TTL: '60',
        REFRESH_TOKEN_TTL: '3600',
        NODE_ENV: 'production',
        STATIC_DIR: 'public',
        CONSOLE_DIR: 'console',
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
      jwtSecret: PRODUCTION_SECRET,
      apiVersion: '2.1.0',
      accessTokenTtlSeconds: 60,
      refreshTokenTtlSeconds: 3600,
      nodeEnv: 'production',
      staticDir: path.join(dir, 'public'),
      consoleDir: path.join(dir, 'console'),
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
      demo: { accounts: true, chargers: true, network: true, simulators: true },
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
      demo: { accounts: true, chargers: true, network: false, simulators: false },
    });
    expect(
      (await loadConfig({ NATS_URL: 'nats://10.0.0.5:4222', DEMO_CHARGERS: 'true' }, dir)).demo,
    ).toMatchObject({ network: true, simulators: true });
    const failure = await loadConfig(
      { NATS_URL: 'http://10.0.0.5:4222', NATS_SUBJECT_PREFIX: 'evc.*' },
      dir,
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConfigError);
    expect(
      (failure as ConfigError).problems.map((problem) => problem.split(':')[0]).sort(),
    ).toEqual(['NATS_SUBJECT_PREFIX', 'NATS_URL']);
  });

  it('gives a stopping node 25 s to finish what it holds unless SHUTDOWN_GRACE says', async () => {
    expect(await loadConfig({}, dir)).toMatchObject({ shutdownGraceSeconds: 25 });
    expect(await loadConfig({ SHUTDOWN_GRACE: '60' }, dir)).toMatchObject({
      shutdownGraceSeconds: 60,
    });
    for (const wrong of ['0', '601', '2.5', 'later']) {
      const failure = await loadConfig({ SHUTDOWN_GRACE: wrong }, dir).catch(
        (error: unknown) => error,
      );
      expect((failure as ConfigError).problems.map((problem) => problem.split(':')[0])).toEqual([
        'SHUTDOWN_GRACE',
      ]);
    }
  });

  it('takes a node for dead after 15 s without renewing its presence unless NODE_TIMEOUT says', async () => {
    expect(await loadConfig({}, dir)).toMatchObject({ nodeTimeoutSeconds: 15 });
    expect(await loadConfig({ NODE_TIMEOUT: '5' }, dir)).toMatchObject({ nodeTimeoutSeconds: 5 });
    for (const wrong of ['1', '0', '2.5', 'soon']) {
      const failure = await loadConfig({ NODE_TIMEOUT: wrong }, dir).catch(
        (error: unknown) => error,
      );
      expect((failure as ConfigError).problems.map((problem) => problem.split(':')[0])).toEqual([
        'NODE_TIMEOUT',
      ]);
    }
  });
});

describe('loadConfig: production', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: PRODUCTION_SECRET };
  const problemsOf = (failure: unknown) =>
    (failure as ConfigError).problems.map((problem) => problem.split(':')[0]).sort();

  it.each([
    ['alone', {}],
    ['with DEMO_CHARGERS=false', { DEMO_CHARGERS: 'false' }],
    ['as one of several nodes', { NATS_URL: 'nats://10.0.0.5:4222' }],
  ])('ships none of the demo (%s)', async (_case, extra) => {
    expect((await loadConfig({ ...production, ...extra }, dir)).demo).toEqual(NO_DEMO);
  });

  it('keeps the demo outside production; DEMO_CHARGERS=false leaves out only its live part', async () => {
    for (const nodeEnv of ['development', 'test']) {
      expect((await loadConfig({ NODE_ENV: nodeEnv }, dir)).demo).toEqual({
        accounts: true,
        chargers: true,
        network: true,
        simulators: true,
      });
    }
    expect((await loadConfig({ DEMO_CHARGERS: 'false' }, dir)).demo).toEqual({
      accounts: true,
      chargers: true,
      network: false,
      simulators: false,
    });
  });

  it('refuses to start with the demo asked for, or a placeholder or missing JWT secret', async () => {
    const asked = await loadConfig({ ...production, DEMO_CHARGERS: 'true' }, dir).catch(
      (error: unknown) => error,
    );
    expect(asked).toBeInstanceOf(ConfigError);
    expect(problemsOf(asked)).toEqual(['DEMO_CHARGERS']);
    for (const placeholder of ['x'.repeat(40), 'changeme-changeme-changeme-changeme']) {
      const weak = await loadConfig({ ...production, JWT_SECRET: placeholder }, dir).catch(
        (error: unknown) => error,
      );
      expect(problemsOf(weak)).toEqual(['JWT_SECRET']);
    }
    const missing = await loadConfig({ NODE_ENV: 'production' }, dir).catch(
      (error: unknown) => error,
    );
    expect(problemsOf(missing)).toEqual(['JWT_SECRET']);
    // Outside production the generated secret is kept, and a short-lived one typed is accepted.
    expect((await loadConfig({ JWT_SECRET: 'x'.repeat(40) }, dir)).jwtSecret).toBe('x'.repeat(40));
  });

  it('takes the first operator from OPERATOR_EMAIL and OPERATOR_PASSWORD, both or neither', async () => {
    const config = await loadConfig(
      { ...production, OPERATOR_EMAIL: 'ops@brand.example', OPERATOR_PASSWORD: 'a secret' },
      dir,
    );
    expect(config.firstOperator).toEqual({ email: 'ops@brand.example', password: 'a secret' });
    expect((await loadConfig(production, dir)).firstOperator).toBeUndefined();
    const half = await loadConfig(
      { ...production, OPERATOR_EMAIL: 'ops@brand.example' },
      dir,
    ).catch((error: unknown) => error);
    expect(problemsOf(half)).toEqual(['OPERATOR_PASSWORD']);
    const notEmail = await loadConfig(
      { ...production, OPERATOR_EMAIL: 'ops', OPERATOR_PASSWORD: 'a secret' },
      dir,
    ).catch((error: unknown) => error);
    expect(problemsOf(notEmail)).toEqual(['OPERATOR_EMAIL']);
    // The password is never part of a message.
    expect((notEmail as ConfigError).message).not.toContain('a secret');
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
