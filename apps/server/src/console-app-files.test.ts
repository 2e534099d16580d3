import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from './test/test-app.ts';

// The driver app and the console built side by side, as `npm run build` leaves them.
let t: TestApp;
let root: string;
const CONSOLE_PAGE = '<!doctype html><title>Support console</title>';
const DRIVER_PAGE = '<!doctype html><title>driver app</title>';

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'evc-console-'));
  const driverDir = path.join(root, 'driver');
  const consoleDir = path.join(root, 'console');
  await mkdir(path.join(consoleDir, 'assets'), { recursive: true });
  await mkdir(driverDir, { recursive: true });
  await writeFile(path.join(driverDir, 'index.html'), DRIVER_PAGE);
  await writeFile(path.join(consoleDir, 'index.html'), CONSOLE_PAGE);
  await writeFile(path.join(consoleDir, 'assets', 'index-AbCd1234.js'), 'console.log(1);');
  t = await createTestApp({ config: testConfig({ staticDir: driverDir, consoleDir }) });
});
afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

const get = (url: string, host = 'localhost:8080') => t.app.inject({ url, headers: { host } });

const directive = (policy: unknown, name: string) =>
  String(policy)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name)
    ?.slice(1) ?? [];

describe('the support console at /console (ADR 0023)', () => {
  it.each(['/console', '/console/', '/console/drivers/x', '/console/helpline?quarter=2026-Q4'])(
    '%s answers the console’s page',
    async (url) => {
      const answer = await get(url);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.body).toBe(CONSOLE_PAGE);
    },
  );

  it('serves its files, keeps hashed ones a year, and answers a missing file 404', async () => {
    const script = await get('/console/assets/index-AbCd1234.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toMatch(/immutable/);
    expect((await get('/console/assets/index-Missing1.js')).statusCode).toBe(404);
    expect((await get('/console/nothing.js')).statusCode).toBe(404);
  });

  it('leaves the driver app its own routes', async () => {
    expect((await get('/findcharger')).body).toBe(DRIVER_PAGE);
    expect((await get('/consoles')).body).toBe(DRIVER_PAGE);
  });

  it('may frame the driver app on its own host’s support-masquerade origin, and is framed by no one', async () => {
    const local = (await get('/console/drivers/x')).headers['content-security-policy'];
    expect(directive(local, 'frame-src')).toContain('http://support-masquerade.localhost:8080');
    expect(directive(local, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(local, 'script-src')).not.toContain("'unsafe-eval'");
    const voltway = (await get('/console', 'voltway.localhost:8080')).headers[
      'content-security-policy'
    ];
    expect(directive(voltway, 'frame-src')).toContain(
      'http://support-masquerade.voltway.localhost:8080',
    );
  });

  it('lets the console on the brand’s normal host frame the driver app on the masquerade host', async () => {
    const framed = await get('/', 'support-masquerade.voltway.localhost:8080');
    expect(framed.body).toBe(DRIVER_PAGE);
    expect(directive(framed.headers['content-security-policy'], 'frame-ancestors')).toEqual([
      "'self'",
      'http://voltway.localhost:8080',
    ]);
    // Anywhere else, the driver app is framed by its own origin only.
    const plain = await get('/', 'voltway.localhost:8080');
    expect(directive(plain.headers['content-security-policy'], 'frame-ancestors')).toEqual([
      "'self'",
    ]);
  });

  it('resolves the masquerade host to the brand behind the prefix', async () => {
    const manifest = await get(
      '/manifest.webmanifest',
      'support-masquerade.voltway.localhost:8080',
    );
    expect(manifest.json()).toMatchObject({ name: 'Voltway' });
  });
});
