import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, DRIVER, testConfig, type TestApp } from '../../test/test-app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createMetrics, requestLabels } from './metrics.ts';
import {
  CENTRAL_SYSTEM_ACTIONS,
  CHARGE_POINT_ACTIONS,
  COMMAND_OUTCOMES,
  OCPP_ERROR_CODES,
  PAYMENT_OPERATIONS,
  PAYMENT_OUTCOMES,
  STATEMENT_KINDS,
  type CommandOutcome,
  type PaymentOperation,
  type PaymentOutcome,
  type StatementKind,
} from './observers.ts';

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

describe('the labels of what the modules tell', () => {
  /** A known value now and then, else anything at all. */
  const nameOr = (known: Iterable<string>) =>
    fc.oneof(fc.constantFrom(...known), fc.string(), fc.constant(''));
  const allowed: Record<string, ReadonlySet<string>> = {
    action: new Set([...CHARGE_POINT_ACTIONS, ...CENTRAL_SYSTEM_ACTIONS, 'other']),
    code: new Set([...OCPP_ERROR_CODES, 'other']),
    outcome: new Set(['answered', 'callerror', ...COMMAND_OUTCOMES, ...PAYMENT_OUTCOMES, 'other']),
    operation: new Set([...PAYMENT_OPERATIONS, 'other']),
    provider: new Set(['sandbox', 'stripe', 'other']),
    kind: new Set([...STATEMENT_KINDS, 'other']),
  };

  test('take their values from bounded sets whatever actions, codes and outcomes are told', async () => {
    const metrics = createMetrics();
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          action: fc.option(nameOr([...CHARGE_POINT_ACTIONS, ...CENTRAL_SYSTEM_ACTIONS]), {
            nil: undefined,
          }),
          code: fc.option(nameOr(OCPP_ERROR_CODES), { nil: undefined }),
          commandOutcome: nameOr(COMMAND_OUTCOMES),
          operation: nameOr(PAYMENT_OPERATIONS),
          paymentOutcome: nameOr(PAYMENT_OUTCOMES),
          provider: nameOr(['sandbox', 'stripe']),
          kind: nameOr(STATEMENT_KINDS),
        }),
        async (told) => {
          metrics.ocppMessages.handled(told.action ?? '', 0.001);
          metrics.ocppMessages.answered(told.action, told.code);
          // The types hold the modules to the bounded names; the metrics hold whatever they get.
          metrics.observeCommand(told.action ?? '', told.commandOutcome as CommandOutcome, 0.2);
          metrics.observePayment(
            told.operation as PaymentOperation,
            told.paymentOutcome as PaymentOutcome,
            told.provider,
          );
          metrics.observeStatement(told.kind as StatementKind, 0.0004);
          const exposition = await metrics.registry.metrics();
          for (const [name, values] of labelValues(exposition)) {
            const bound = allowed[name];
            if (!bound) continue;
            for (const value of values) expect(bound, `${name}="${value}"`).toContain(value);
          }
        },
      ),
      { numRuns: 200 },
    );
    const exposition = await metrics.registry.metrics();
    const series = (name: string) =>
      exposition.split('\n').filter((line) => line.startsWith(`${name}{`)).length;
    // 10 actions and other, answered or not; each with one of 13 codes and other.
    expect(series('evc_ocpp_messages_total')).toBeLessThanOrEqual(11 * 2);
    expect(series('evc_ocpp_callerrors_total')).toBeLessThanOrEqual(11 * 14);
    expect(series('evc_ocpp_message_handling_seconds_count')).toBeLessThanOrEqual(11);
    expect(series('evc_db_statement_duration_seconds_count')).toBeLessThanOrEqual(4);
  });

  test('an answered message with no action, and a CALLERROR code nobody defined, count as other', async () => {
    const metrics = createMetrics();
    metrics.ocppMessages.answered(undefined, 'RpcFrameworkError');
    metrics.ocppMessages.answered('Heartbeat', 'TeapotError');
    metrics.ocppMessages.answered('Heartbeat');
    const exposition = await metrics.registry.metrics();
    expect(exposition).toContain('evc_ocpp_messages_total{action="other",outcome="callerror"} 1');
    expect(exposition).toContain(
      'evc_ocpp_messages_total{action="Heartbeat",outcome="callerror"} 1',
    );
    expect(exposition).toContain(
      'evc_ocpp_messages_total{action="Heartbeat",outcome="answered"} 1',
    );
    expect(exposition).toContain(
      'evc_ocpp_callerrors_total{action="other",code="RpcFrameworkError"} 1',
    );
    expect(exposition).toContain('evc_ocpp_callerrors_total{action="Heartbeat",code="other"} 1');
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
    // prom-client's default metrics: the event loop's lag and the heap, with values.
    expect(answer.body).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(answer.body).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(answer.body).toMatch(/^nodejs_heap_size_used_bytes [1-9]\d*/m);
    expect(answer.body).toMatch(/^nodejs_heap_space_size_used_bytes\{space="old"\} \d/m);
    expect(answer.body).toMatch(/^process_resident_memory_bytes [1-9]\d*/m);
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
