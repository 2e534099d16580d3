import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { StatementKind } from '../metrics/observers.ts';
import { openDatabase, type Database } from './database.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
});
afterAll(() => database.close());

test('statements are timed by kind while observed, and not at all otherwise', async () => {
  const told: { kind: StatementKind; seconds: number }[] = [];
  const work = async () => {
    await database.db.execute(sql`select 1`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 2`);
    });
  };
  await work();
  database.observeStatements((kind, seconds) => told.push({ kind, seconds }));
  await work();
  database.observeStatements(undefined);
  await work();
  // PostgreSQL's begin and commit are statements of the transaction too; PGlite runs its own.
  const kinds = told.map(({ kind }) => kind);
  expect(kinds[0]).toBe('statement');
  expect(kinds.slice(1)).toEqual(
    database.kind === 'postgres' ? ['transaction', 'transaction', 'transaction'] : ['transaction'],
  );
  for (const { seconds } of told) {
    expect(seconds).toBeGreaterThanOrEqual(0);
    expect(seconds).toBeLessThan(10);
  }
});
