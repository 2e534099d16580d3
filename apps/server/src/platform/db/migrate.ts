import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SERVER_ROOT } from '../config.ts';
import type { Database } from './database.ts';

/** Read at run time, from the source tree and from the built server alike. */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'migrations');

// Any constant shared by every instance: several servers starting together migrate one at a time.
const MIGRATION_LOCK_KEY = 720_531_001;

/**
 * Applies every `NNNN_name.sql` in `dir` not yet recorded in schema_migrations, in name order,
 * each in its own transaction. Returns the names applied now.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = await migrationFiles(dir);
  return database.withSession(async (session) => {
    await session.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await session.exec(
        `CREATE TABLE IF NOT EXISTS schema_migrations (
           name text PRIMARY KEY,
           applied_at timestamptz NOT NULL DEFAULT now()
         )`,
      );
      const applied = new Set(
        (await session.query<{ name: string }>('SELECT name FROM schema_migrations')).map(
          (row) => row.name,
        ),
      );
      const appliedNow: string[] = [];
      for (const name of files) {
        if (applied.has(name)) continue;
        const script = await readFile(`${dir}/${name}`, 'utf8');
        await session.exec('BEGIN');
        try {
          await session.exec(script);
          await session.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
          await session.exec('COMMIT');
        } catch (error) {
          await session.exec('ROLLBACK');
          throw new Error(`Migration ${name} failed`, { cause: error });
        }
        appliedNow.push(name);
      }
      return appliedNow;
    } finally {
      await session.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  });
}

/** The migrations this build knows, in name order. */
async function migrationFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
}

/**
 * What readiness asks: whether every migration in `dir` is recorded as applied. The folder is read
 * once; each call is one statement.
 */
export function migrationCheck(database: Database, dir = MIGRATIONS_DIR): () => Promise<boolean> {
  let known: Promise<string[]> | undefined;
  return async () => {
    known ??= migrationFiles(dir);
    const files = await known;
    const [row] = await database.withSession((session) =>
      session.query<{ applied: number }>(
        'SELECT count(*)::int AS applied FROM schema_migrations WHERE name = ANY($1::text[])',
        [files],
      ),
    );
    return row?.applied === files.length;
  };
}
