import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DRIVER, testConfig, type TestApp } from '../../test/test-app.ts';
import { listenOnLoopback } from '../../test/test-chargers.ts';
import { securityHeaders } from './security-headers.ts';

/** helmet's defaults, as the server sets them (its own CSP; no COEP; CORP for car pictures). */
const EXPECTED = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'cross-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('the security headers worked out once from helmet', () => {
  it('are helmet’s for the options given, and leave out what is turned off', () => {
    const headers = securityHeaders({
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    });
    expect(headers).toEqual(EXPECTED);
  });

  it('follow the options: another frame policy, HSTS off', () => {
    const headers = securityHeaders({
      contentSecurityPolicy: false,
      strictTransportSecurity: false,
      xFrameOptions: { action: 'deny' },
    });
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['content-security-policy']).toBeUndefined();
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  });
});

describe('every kind of answer carries them', () => {
  let t: TestApp;
  let base: string;
  let appDir: string;
  beforeAll(async () => {
    appDir = mkdtempSync(path.join(tmpdir(), 'evc-headers-'));
    writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>app</title>');
    t = await createTestApp({ config: testConfig({ staticDir: appDir }) });
    base = await listenOnLoopback(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  it.each([
    ['a call', '/api/apiversioncheck', 200],
    ['an unknown call', '/api/no-such-call', 404],
    ['a page', '/', 200],
    ['a call refused for want of a token', '/api/userdata', 401],
  ])('%s (%s)', async (_kind, url, status) => {
    const answer = await t.app.inject({ url, method: url === '/api/userdata' ? 'POST' : 'GET' });
    expect(answer.statusCode).toBe(status);
    expect(answer.headers).toMatchObject(EXPECTED);
  });

  it('a live event stream, with its CORS headers for an allowed origin', async () => {
    const { token } = await t.login(DRIVER);
    const abort = new AbortController();
    const stream = await fetch(`http://${base}/api/events/chargers`, {
      headers: { authorization: `Bearer ${token}`, origin: 'http://localhost:5173' },
      signal: abort.signal,
    });
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    expect(stream.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    for (const [name, value] of Object.entries(EXPECTED)) {
      expect(stream.headers.get(name), name).toBe(value);
    }
    abort.abort();
  });
});
