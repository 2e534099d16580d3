import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from '../platform/db/database.ts';
import { MIGRATIONS_DIR } from '../platform/db/migrate.ts';
import { runMigrateCli } from './migrate-cli.ts';

let database: Database;

beforeAll(async () => {
  database = await openDatabase({});
});
afterAll(() => database.close());

/** Runs the command on a fresh embedded database, kept open between runs. */
async function cli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runMigrateCli(args, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: { NODE_ENV: 'test', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing' },
    cwd: '/nonexistent',
    openDatabase: () => Promise.resolve({ ...database, close: () => Promise.resolve() }),
  });
  return { code, stdout, stderr };
}

describe('npm run migrate', () => {
  test('--check fails on a database this build has not migrated, and applies nothing', async () => {
    expect(await cli(['--check'])).toMatchObject({ code: 1, stderr: '' });
    expect((await cli(['--check'])).stdout).toContain('not applied yet');
  });

  test('applies every migration and the reference data, then --check passes', async () => {
    const migrations = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql'));
    const first = await cli([]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Applied ${migrations.length} migrations: `);
    const [row] = await database.withSession((session) =>
      session.query<{ count: number }>('SELECT count(*)::int AS count FROM currencies'),
    );
    expect(row?.count).toBeGreaterThan(0);
    expect(await cli(['--check'])).toMatchObject({ code: 0 });
    expect(await cli([])).toMatchObject({
      code: 0,
      stdout: 'The database was already migrated; reference data is current.\n',
    });
  });

  test('a mistyped flag is named with the usage, exit code 1', async () => {
    const wrong = await cli(['--chek']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('--chek');
    expect(wrong.stderr).toContain('Usage: npm run migrate');
  });
});
