import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GEOCODER_URL } from '@evc/brands';
import { createTestApp, testConfig, type TestApp } from '../../test/test-app.ts';
import {
  API_CONTENT_SECURITY_POLICY,
  appContentSecurityPolicy,
} from './content-security-policy.ts';

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name)
    ?.slice(1) ?? [];

describe('the app’s Content-Security-Policy', () => {
  const policy = appContentSecurityPolicy(['https://tiles.example.org']);

  it('runs only the app’s own scripts and Stripe.js, compiles WebAssembly, evals nothing', () => {
    expect(directive(policy, 'script-src')).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'worker-src')).toEqual(["'self'", 'blob:']);
    expect(directive(policy, 'frame-src')).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']),
    );
  });

  it('lets the app call every brand’s API, the geocoder, Stripe and the operator’s extra hosts', () => {
    expect(directive(policy, 'connect-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://api.voltway.example.com',
        'https://api-dev.voltway.example.com',
        new URL(DEFAULT_GEOCODER_URL).origin,
        'https://api.stripe.com',
        'https://tiles.example.org',
      ]),
    );
    expect(directive(policy, 'img-src')).toEqual(
      expect.arrayContaining(["'self'", 'data:', 'https://tiles.example.org']),
    );
  });
});

describe('which answers carry which policy', () => {
  let t: TestApp;
  let appDir: string;
  beforeAll(async () => {
    appDir = mkdtempSync(path.join(tmpdir(), 'evc-csp-'));
    writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(appDir, 'sw.js'), 'self.skipWaiting();');
    t = await createTestApp({ config: testConfig({ staticDir: appDir }) });
  });
  afterAll(async () => {
    await t.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  const policyOf = async (url: string) =>
    (await t.app.inject({ url })).headers['content-security-policy'];

  it('the app’s pages and scripts (workers run under their script’s) get the app’s', async () => {
    expect(await policyOf('/')).toBe(appContentSecurityPolicy());
    expect(await policyOf('/findcharger')).toBe(appContentSecurityPolicy());
    expect(await policyOf('/sw.js')).toBe(appContentSecurityPolicy());
    // A page revalidated by the browser: the 304's headers replace the cached page's.
    const first = await t.app.inject({ url: '/index.html' });
    const again = await t.app.inject({
      url: '/index.html',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toBe(appContentSecurityPolicy());
  });

  it('the API’s answers get one that allows nothing', async () => {
    expect(await policyOf('/api/apiversioncheck')).toBe(API_CONTENT_SECURITY_POLICY);
    expect(await policyOf('/api/no-such-call')).toBe(API_CONTENT_SECURITY_POLICY);
    expect(await policyOf('/manifest.webmanifest')).toBe(API_CONTENT_SECURITY_POLICY);
  });

  it('on a support-masquerade host the console’s origin may frame the app, and no other', async () => {
    const framed = await t.app.inject({
      url: '/',
      headers: { host: 'support-masquerade.voltway.localhost:8080' },
    });
    expect(directive(String(framed.headers['content-security-policy']), 'frame-ancestors')).toEqual(
      ["'self'", 'http://voltway.localhost:8080'],
    );
    expect(framed.headers['x-frame-options']).toBeUndefined();
    const own = await t.app.inject({ url: '/', headers: { host: 'voltway.localhost:8080' } });
    expect(directive(String(own.headers['content-security-policy']), 'frame-ancestors')).toEqual([
      "'self'",
    ]);
    expect(own.headers['x-frame-options']).toBe('SAMEORIGIN');
    const api = await t.app.inject({
      url: '/api/apiversioncheck',
      headers: { host: 'support-masquerade.voltway.localhost:8080' },
    });
    expect(api.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
  });
});
