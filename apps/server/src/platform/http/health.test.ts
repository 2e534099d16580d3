import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { failingParts, type ReadinessChecks } from './health.ts';

describe('readiness rules', () => {
  const ready: ReadinessChecks = {
    draining: () => false,
    database: () => Promise.resolve(true),
    nats: () => true,
  };

  test.each<[string, Partial<ReadinessChecks>, string[]]>([
    ['everything answers', {}, []],
    ['the node has begun to stop', { draining: () => true }, ['draining']],
    ['the database lacks a migration', { database: () => Promise.resolve(false) }, ['database']],
    [
      'the database cannot be reached',
      { database: () => Promise.reject(new Error('ECONNREFUSED')) },
      ['database'],
    ],
    ['NATS is lost', { nats: () => false }, ['nats']],
    [
      'everything fails at once',
      {
        draining: () => true,
        database: () => Promise.resolve(false),
        nats: () => false,
      },
      ['draining', 'database', 'nats'],
    ],
  ])('%s → %j', async (_case, change, failing) => {
    await expect(failingParts({ ...ready, ...change })).resolves.toEqual(failing);
  });

  test('a single node has no NATS to check', async () => {
    const { nats: _unused, ...single } = ready;
    await expect(failingParts(single)).resolves.toEqual([]);
  });

  test('a database that does not answer in time is failing, not waited for', async () => {
    const hanging = { ...ready, database: () => new Promise<boolean>(() => undefined) };
    const started = Date.now();
    await expect(failingParts(hanging, 50)).resolves.toEqual(['database']);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('/healthz and /readyz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  test('/healthz answers without a token, telling nothing but that the process answers', async () => {
    const answer = await t.app.inject({ url: '/healthz' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ok' });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  test('/readyz is ready on a migrated database, and names the database when a migration is missing', async () => {
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });

    const [latest] = await t.database.withSession((session) =>
      session.query<{ name: string }>(
        'DELETE FROM schema_migrations WHERE name = (SELECT max(name) FROM schema_migrations) RETURNING name',
      ),
    );
    try {
      const missing = await t.app.inject({ url: '/readyz' });
      expect(missing.statusCode).toBe(503);
      expect(missing.json()).toEqual({ status: 'not ready', failing: ['database'] });
    } finally {
      await t.database.withSession((session) =>
        session.query('INSERT INTO schema_migrations (name) VALUES ($1)', [latest?.name]),
      );
    }
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
