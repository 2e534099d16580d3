import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { executedRows, openDatabase, type Database } from './database.ts';
import { PIPELINED_CONNECTIONS } from './pipelined-statements.ts';

const DATABASE_URL = process.env.DATABASE_URL;

describe.skipIf(!DATABASE_URL)('single statements on pipelined connections (PostgreSQL)', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: DATABASE_URL });
  });
  afterAll(async () => {
    await database.close();
  });

  const backend = async () => {
    const [row] = executedRows(await database.db.execute(sql`SELECT pg_backend_pid() AS pid`));
    return (row as { pid: number }).pid;
  };

  test('many statements at once share the pipelined connections, each answered', async () => {
    const pids = await Promise.all(Array.from({ length: 60 }, backend));
    expect(pids).toHaveLength(60);
    expect(new Set(pids).size).toBeLessThanOrEqual(PIPELINED_CONNECTIONS);
  });

  test('a failing statement fails alone; those pipelined around it are answered', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 21 }, (_, index) =>
        index === 10
          ? database.db.execute(sql`SELECT 1 / 0 AS broken`)
          : database.db.execute(sql`SELECT ${index}::int AS n`),
      ),
    );
    const failed = outcomes.flatMap((outcome, index) =>
      outcome.status === 'rejected' ? [index] : [],
    );
    expect(failed).toEqual([10]);
    const answered = outcomes.flatMap((outcome) =>
      outcome.status === 'fulfilled' ? executedRows(outcome.value) : [],
    );
    expect(answered.map((row) => (row as { n: number }).n)).toEqual(
      Array.from({ length: 21 }, (_, index) => index).filter((index) => index !== 10),
    );
  });

  test("a transaction holds a connection of its own: no other request's statement runs in it", async () => {
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
    const outside = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const [row] = executedRows(
          await database.db.execute(sql`SELECT current_setting('application_name') AS name`),
        );
        return (row as { name: string }).name;
      }),
    );
    release();
    await transaction;
    expect(lanes.has(insidePid)).toBe(false);
    expect(outside).not.toContain('inside-a-transaction');
  });

  test('pipelined connections that are lost are opened again for the next statements', async () => {
    const lost = new Set(await Promise.all(Array.from({ length: 20 }, backend)));
    await database.withSession(async (session) => {
      for (const pid of lost) await session.query('SELECT pg_terminate_backend($1)', [pid]);
    });
    // Statements in flight when they went fail as a pool's would; the next ones are answered.
    const fresh = async () => {
      const pids = await Promise.all(Array.from({ length: 10 }, backend));
      return pids.every((pid) => !lost.has(pid));
    };
    await expect.poll(() => fresh().catch(() => false), { timeout: 10_000 }).toBe(true);
  });
});
