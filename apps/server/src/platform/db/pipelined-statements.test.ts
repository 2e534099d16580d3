import { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { executedRows, openDatabase, type Database } from './database.ts';
import { isPreparedRead, PIPELINED_CONNECTIONS } from './pipelined-statements.ts';

const DATABASE_URL = process.env.DATABASE_URL;

describe('which statements may share a pipelined connection', () => {
  test.each([
    [{ name: 'users_by_id', text: 'select "id" from "users" where "id" = $1' }, true],
    [{ name: 'sessions_open', text: '  SELECT * FROM charging_sessions' }, true],
    [{ text: 'select 1' }, false],
    [{ name: 'lock', text: 'select * from users where id = $1 for update' }, false],
    [{ name: 'lock_skip', text: 'select * from users for no key update skip locked' }, false],
    [{ name: 'share', text: 'SELECT * FROM users FOR SHARE' }, false],
    [{ name: 'write', text: 'update users set name = $1' }, false],
    [{ name: 'cte', text: 'with moved as (update users set name = $1) select 1' }, false],
    ['select 1', false],
    [null, false],
  ])('%j → %s', (config, expected) => {
    expect(isPreparedRead(config)).toBe(expected);
  });
});

describe.skipIf(!DATABASE_URL)('prepared reads on pipelined connections (PostgreSQL)', () => {
  let database: Database;
  let backend: () => Promise<number>;
  let quotient: (divisor: number) => Promise<number>;

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: DATABASE_URL });
    const backendRead = database.db
      .select({ pid: sql<number>`pg_backend_pid()`.as('pid') })
      .from(sql`(values (1)) as one (n)`)
      .prepare('test_backend_pid');
    backend = async () => ((await backendRead.execute()).at(0) as { pid: number }).pid;
    const quotientRead = database.db
      .select({ n: sql<number>`12 / ${sql.placeholder('divisor')}::int`.as('n') })
      .from(sql`(values (1)) as one (n)`)
      .prepare('test_quotient');
    quotient = async (divisor) =>
      ((await quotientRead.execute({ divisor })).at(0) as { n: number }).n;
  });
  afterAll(async () => {
    await database.close();
  });

  test('many reads at once share the pipelined connections, each answered', async () => {
    const pids = await Promise.all(Array.from({ length: 60 }, backend));
    expect(pids).toHaveLength(60);
    expect(new Set(pids).size).toBeLessThanOrEqual(PIPELINED_CONNECTIONS);
  });

  test('reads given together leave in one write a connection', async () => {
    await Promise.all(Array.from({ length: 20 }, backend));
    const writes = vi.spyOn(Socket.prototype, '_writev');
    const write = vi.spyOn(Socket.prototype, '_write');
    try {
      await Promise.all(Array.from({ length: 20 }, backend));
      expect(writes.mock.calls.length + write.mock.calls.length).toBeLessThanOrEqual(
        PIPELINED_CONNECTIONS,
      );
    } finally {
      writes.mockRestore();
      write.mockRestore();
    }
  });

  test('a failing read fails alone; those pipelined around it are answered', async () => {
    const divisors = [1, 2, 3, 4, 6, 0, 12, 1, 2, 3];
    const outcomes = await Promise.allSettled(divisors.map(quotient));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(
      divisors.map((divisor) => (divisor === 0 ? 'rejected' : 'fulfilled')),
    );
    const answered = outcomes.flatMap((outcome) =>
      outcome.status === 'fulfilled' ? [outcome.value] : [],
    );
    expect(answered).toEqual([12, 6, 4, 3, 2, 1, 12, 6, 4]);
  });

  test("a transaction holds a connection of its own: no other request's read runs in it", async () => {
    const lanes = new Set(await Promise.all(Array.from({ length: 20 }, backend)));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let insidePid = 0;
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL application_name = 'inside-a-transaction'`);
      const [row] = executedRows(await tx.execute(sql`SELECT pg_backend_pid() AS pid`));
      insidePid = (row as { pid: number }).pid;
      await held;
    });
    await expect.poll(() => insidePid).not.toBe(0);
    const outside = await Promise.all(Array.from({ length: 10 }, backend));
    release();
    await transaction;
    expect(lanes.has(insidePid)).toBe(false);
    expect(outside).not.toContain(insidePid);
  });

  test('pipelined connections that are lost are opened again for the next reads', async () => {
    const lost = new Set(await Promise.all(Array.from({ length: 20 }, backend)));
    await database.withSession(async (session) => {
      for (const pid of lost) await session.query('SELECT pg_terminate_backend($1)', [pid]);
    });
    // Reads in flight when they went fail as a pool's would; the next ones are answered.
    const fresh = async () => {
      const pids = await Promise.all(Array.from({ length: 10 }, backend));
      return pids.every((pid) => !lost.has(pid));
    };
    await expect.poll(() => fresh().catch(() => false), { timeout: 10_000 }).toBe(true);
  });
});
