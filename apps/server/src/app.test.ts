import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@evc/contract';
import { createTestApp, DRIVER, testConfig, type TestApp } from './test/test-app.ts';

let t: TestApp;
let staticDir: string;
const HASHED = 'index-f_uRdFbV.js';
const CHUNK = `export const page = ${JSON.stringify('charger '.repeat(400))};`;
beforeAll(async () => {
  staticDir = await mkdtemp(path.join(tmpdir(), 'evc-static-'));
  await writeFile(
    path.join(staticDir, 'index.html'),
    '<!doctype html><title>EV Charge app</title>',
  );
  await mkdir(path.join(staticDir, 'assets'));
  await writeFile(path.join(staticDir, 'assets', 'app.js'), 'console.log("app")');
  // As the build leaves a hashed chunk: the file, and its brotli and gzip copies beside it.
  await writeFile(path.join(staticDir, 'assets', HASHED), CHUNK);
  await writeFile(path.join(staticDir, 'assets', `${HASHED}.br`), brotliCompressSync(CHUNK));
  await writeFile(path.join(staticDir, 'assets', `${HASHED}.gz`), gzipSync(CHUNK));
  await mkdir(path.join(staticDir, 'assets', 'i18n'));
  await writeFile(path.join(staticDir, 'assets', 'i18n', 'en.json'), '{"common":{}}');
  await writeFile(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  t = await createTestApp({ config: testConfig({ staticDir }) });
});
afterAll(async () => {
  await t.close();
  await rm(staticDir, { recursive: true, force: true });
});

describe('the call catalogue', () => {
  it.each(Object.entries(calls))('registers %s', (_, definition) => {
    expect(t.app.hasRoute({ method: definition.method, url: `/api${definition.path}` })).toBe(true);
  });
});

describe('serving the built app', () => {
  it('serves files and answers index.html for app routes (SPA fallback)', async () => {
    const root = await t.app.inject({ url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('EV Charge app');
    expect((await t.app.inject({ url: '/assets/app.js' })).body).toContain('console.log');
    const deep = await t.app.inject({ url: '/completeRegistration/abc?x=1' });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toContain('text/html');
    expect(deep.body).toContain('EV Charge app');
  });

  it('serves a file written after start-up, and answers 404 for a missing one', async () => {
    await writeFile(path.join(staticDir, 'assets', 'rebuilt.js'), 'console.log("rebuilt")');
    const rebuilt = await t.app.inject({ url: '/assets/rebuilt.js' });
    expect(rebuilt.statusCode).toBe(200);
    expect(rebuilt.body).toContain('rebuilt');
    for (const url of ['/assets/gone.js', '/sw-old.js']) {
      const missing = await t.app.inject({ url });
      expect([url, missing.statusCode]).toEqual([url, 404]);
    }
  });

  it('keeps hashed chunks a year; the page, the service worker and translations are revalidated', async () => {
    const caching = async (url: string) =>
      (await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } })).headers[
        'cache-control'
      ];
    expect(await caching(`/assets/${HASHED}`)).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/home', '/sw.js', '/assets/i18n/en.json', '/assets/app.js']) {
      expect([url, await caching(url)]).toEqual([url, 'no-cache']);
    }
  });

  it.each([
    ['br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip', (body: Buffer) => gunzipSync(body)],
  ])('sends the %s copy the build made to a browser that takes it', async (encoding, decode) => {
    const answer = await t.app.inject({
      url: `/assets/${HASHED}`,
      headers: { 'accept-encoding': encoding },
    });
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toContain('javascript');
    expect(answer.headers.vary).toContain('accept-encoding');
    expect(answer.rawPayload.length).toBeLessThan(CHUNK.length / 4);
    expect(decode(answer.rawPayload).toString()).toBe(CHUNK);
    const plain = await t.app.inject({
      url: `/assets/${HASHED}`,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK);
  });

  it.each(['/api/unknown', '/dev/unknown', '/ocpp/CP-1'])(
    'answers JSON 404 for %s, not the app',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    },
  );

  it('does not answer the app to non-GET requests', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/somewhere' })).statusCode).toBe(404);
  });
});

describe('dev outbox', () => {
  it('lists messages newest first, filtered by recipient', async () => {
    await t.call('forgotPassword', { body: { email: DRIVER.email } });
    await t.call('forgotPassword', { body: { email: 'operator@example.com' } });
    const all = await t.outbox();
    expect(all.map((message) => message.to).slice(0, 2)).toEqual([
      'operator@example.com',
      DRIVER.email,
    ]);
    expect(all[0]).toEqual({
      to: 'operator@example.com',
      subject: 'Reset your EV Charge password',
      text: expect.stringContaining('http://app.test/reset/') as string,
      html: expect.stringContaining('<a href="http://app.test/reset/') as string,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
      kind: 'email',
    });
    expect((await t.outbox(DRIVER.email)).every((message) => message.to === DRIVER.email)).toBe(
      true,
    );
  });

  it('shows a readable page with working links', async () => {
    const page = await t.app.inject({ url: `/dev/mail?to=${encodeURIComponent(DRIVER.email)}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Reset your EV Charge password');
    expect(page.body).toContain('http://app.test/reset/');
  });

  it('is absent in production', async () => {
    const production = await t.withApp({ config: testConfig({ nodeEnv: 'production' }) });
    expect((await production.app.inject({ url: '/dev/outbox' })).statusCode).toBe(404);
    expect((await production.app.inject({ url: '/dev/mail' })).statusCode).toBe(404);
    expect((await production.call('apiVersionCheck')).status).toBe(200);
  });
});
