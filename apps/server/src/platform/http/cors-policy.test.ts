import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../test/test-app.ts';
import { CALL_METHODS } from './cors-policy.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const preflight = (app: TestApp, origin: string, method: string, url: string) =>
  app.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization, content-type',
    },
  });

const allowedMethods = (header: string | number | string[] | undefined) =>
  String(header ?? '')
    .split(',')
    .map((method) => method.trim());

describe('CORS', () => {
  it('lets a brand app on its own domain send every method the catalogue uses', async () => {
    expect(CALL_METHODS).toEqual(expect.arrayContaining(['DELETE', 'GET', 'PATCH', 'POST']));
    for (const [method, url] of [
      ['PATCH', '/api/development/user/update/someone'],
      ['DELETE', '/api/operator/chargers/some-charger'],
    ] as const) {
      const answer = await preflight(t, 'https://app.voltway.example.com', method, url);
      expect(answer.statusCode, method).toBe(204);
      expect(answer.headers['access-control-allow-origin']).toBe('https://app.voltway.example.com');
      expect(allowedMethods(answer.headers['access-control-allow-methods'])).toContain(method);
      expect(answer.headers['access-control-allow-headers']).toMatch(/authorization/);
    }
    // A brand's web domain and a configured host, and the server's own APP_URL.
    // The app the support console frames, on a brand host's support-masquerade prefix (issue 18).
    for (const origin of [
      'https://ap.gwefrucymru.example.com',
      'http://app.test',
      'https://support-masquerade.app.voltway.example.com',
    ]) {
      const answer = await preflight(t, origin, 'PATCH', '/api/development/user/update/x');
      expect(answer.headers['access-control-allow-origin'], origin).toBe(origin);
    }
  });

  it('refuses an origin that is no brand’s', async () => {
    for (const origin of ['https://evil.example', 'https://app.voltway.example.com.evil.example']) {
      const answer = await preflight(t, origin, 'DELETE', '/api/operator/chargers/some-charger');
      expect(answer.statusCode, origin).toBeGreaterThanOrEqual(400);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(answer.headers['access-control-allow-methods']).toBeUndefined();
      // A simple request is answered, but the browser is not allowed to read it.
      const read = await t.app.inject({ url: '/api/apiversioncheck', headers: { origin } });
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('allows local dev servers outside production only, and the operator’s extra origins', async () => {
    const devServer = 'http://localhost:5173';
    const local = await preflight(t, devServer, 'PATCH', '/api/development/user/update/x');
    expect(local.headers['access-control-allow-origin']).toBe(devServer);

    const production = await t.withApp({
      config: testConfig({
        nodeEnv: 'production',
        corsOrigins: ['https://kiosk.partner.example'],
      }),
    });
    const refused = await preflight(
      production,
      devServer,
      'PATCH',
      '/api/development/user/update/x',
    );
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    const extra = await preflight(
      production,
      'https://kiosk.partner.example',
      'DELETE',
      '/api/operator/chargers/x',
    );
    expect(extra.headers['access-control-allow-origin']).toBe('https://kiosk.partner.example');
  });
});
