import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, DRIVER, testConfig, type TestApp } from '../../test/test-app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { requestLabels } from './metrics.ts';

const TOKEN = 'metrics-token-for-the-tests-2026';

/** Every label value of every series in a Prometheus text exposition. */
function labelValues(exposition: string): Map<string, Set<string>> {
  const values = new Map<string, Set<string>>();
  for (const line of exposition.split('\n')) {
    if (line.startsWith('#')) continue;
    for (const [, name, value] of line.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      if (!name || value === undefined) continue;
      const seen = values.get(name) ?? new Set<string>();
      seen.add(value);
      values.set(name, seen);
    }
  }
  return values;
}

describe('the labels of a request', () => {
  test('take their values from bounded sets whatever the request', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.option(fc.constantFrom('/api/userdata', '/healthz', '/*'), { nil: undefined }),
        fc.integer({ min: -1000, max: 100_000 }),
        (method, route, status) => {
          const labels = requestLabels(method, route, status);
          expect(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'OTHER']).toContain(
            labels.method,
          );
          expect(labels.route).toBe(route ?? 'unmatched');
          expect(
            labels.status === 'other' ||
              (Number(labels.status) >= 100 && Number(labels.status) <= 599),
          ).toBe(true);
        },
      ),
    );
  });
});

describe('METRICS_TOKEN', () => {
  test('is refused when shorter than 16 characters', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'evc-metrics-'));
    try {
      await expect(loadConfig({ METRICS_TOKEN: 'short' }, dir)).rejects.toBeInstanceOf(ConfigError);
      await expect(loadConfig({ METRICS_TOKEN: TOKEN }, dir)).resolves.toMatchObject({
        metricsToken: TOKEN,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('GET /metrics', () => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: testConfig({ metricsToken: TOKEN }) });
    off = await t.withApp({ config: testConfig() });
  });
  afterAll(async () => {
    await t.close();
  });

  const scrape = (authorization?: string) =>
    t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

  test('is 404 on a node without METRICS_TOKEN', async () => {
    expect((await off.app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });

  test('is 401 without the bearer token, or with another', async () => {
    for (const wrong of [undefined, 'Bearer nope', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const answer = await scrape(wrong);
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer');
      expect(answer.body).not.toContain('evc_');
    }
  });

  test('times requests by route as registered, counts open sessions and tells the process', async () => {
    const { token } = await t.login(DRIVER);
    expect((await t.call('userdata', { token, body: {} })).status).toBe(200);
    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    const userdata = answer.body
      .split('\n')
      .filter((line) => line.startsWith('evc_http_request_duration_seconds_count{'))
      .find((line) => line.includes('route="/api/userdata"'));
    expect(userdata).toContain('method="POST"');
    expect(userdata).toContain('status="200"');
    expect(userdata).toMatch(/ 1$/);
    expect(answer.body).toMatch(/evc_charging_sessions_open\{state="charging"\} \d+/);
    expect(answer.body).toMatch(/^evc_chargers_connected \d+$/m);
    expect(answer.body).toContain('nodejs_eventloop_lag_seconds');
    expect(answer.body).toContain('process_resident_memory_bytes');
    if (t.database.kind === 'postgres') {
      expect(answer.body).toMatch(/evc_db_pool_connections\{state="open"\} \d+/);
    }
  });

  test('no path, identity or address a caller sends ever becomes a label', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^[a-z0-9]{12,20}$/),
        fc.constantFrom('GET', 'POST', 'DELETE', 'PROPFIND'),
        async (secret, method) => {
          await t.app.inject({
            method: method === 'PROPFIND' ? 'GET' : method,
            url: `/api/${secret}?charger=${secret}`,
            headers: { 'x-forwarded-for': '203.0.113.9', 'x-user': secret },
          });
          await t.app.inject({ url: `/ocpp/${secret}` });
          const exposition = (await scrape(`Bearer ${TOKEN}`)).body;
          for (const values of labelValues(exposition).values()) {
            for (const value of values) {
              expect(value).not.toContain(secret);
              expect(value).not.toContain('203.0.113.9');
            }
          }
        },
      ),
      { numRuns: 25 },
    );
    const routes = labelValues((await scrape(`Bearer ${TOKEN}`)).body).get('route') ?? new Set();
    expect(routes.size).toBeLessThan(200);
  });
});
