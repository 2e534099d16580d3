import { mkdtemp, readdir, rm, writeFile, cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from '../passwords.ts';
import { createUserRepository } from '../../modules/users/repository.ts';
import { seed } from '../../seed.ts';
import { TEST_ARGON2, TEST_DEMO } from '../../test/test-app.ts';
import { openDatabase } from './database.ts';
import { DEMO_ACCOUNTS } from '../../modules/users/demo-accounts.ts';
import { migrate, MIGRATIONS_DIR } from './migrate.ts';

describe('migrations on PGlite under a data directory', () => {
  it('apply once in order, are tracked, and the data survives a restart', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'evc-db-'));
    const migrations = path.join(dir, 'migrations');
    await cp(MIGRATIONS_DIR, migrations, { recursive: true });
    await writeFile(path.join(migrations, '9999_extra.sql'), 'CREATE TABLE extra_probe (id int);');
    const pgliteDir = path.join(dir, 'pglite');
    const committed = (await readdir(MIGRATIONS_DIR))
      .filter((name) => name.endsWith('.sql'))
      .sort();
    expect(committed[0]).toBe('0001_foundation.sql');
    const all = [...committed, '9999_extra.sql'];
    try {
      const first = await openDatabase({ pgliteDir });
      expect(await migrate(first, migrations)).toEqual(all);
      await seed(first, createPasswordHasher(TEST_ARGON2), TEST_DEMO);
      await first.close();

      const second = await openDatabase({ pgliteDir });
      expect(await migrate(second, migrations)).toEqual([]);
      await seed(second, createPasswordHasher(TEST_ARGON2), TEST_DEMO);
      const applied = await second.withSession((session) =>
        session.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name'),
      );
      expect(applied.map((row) => row.name)).toEqual(all);
      const users = await second.withSession((session) =>
        session.query<{ count: number }>('SELECT count(*)::int AS count FROM users'),
      );
      expect(users[0]?.count).toBe(DEMO_ACCOUNTS.length);
      expect(await createUserRepository(second.db).findByEmail('driver@example.com')).toMatchObject(
        { firstName: 'Dana' },
      );
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('rolls back a failing migration and reports its name', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'evc-db-'));
    await writeFile(path.join(dir, '0001_ok.sql'), 'CREATE TABLE ok_probe (id int);');
    await writeFile(
      path.join(dir, '0002_broken.sql'),
      'CREATE TABLE half_probe (id int); SELECT nonsense FROM nowhere;',
    );
    const database = await openDatabase({});
    try {
      await expect(migrate(database, dir)).rejects.toThrow('Migration 0002_broken.sql failed');
      const tables = await database.withSession((session) =>
        session.query<{ name: string }>(
          "SELECT table_name AS name FROM information_schema.tables WHERE table_name LIKE '%_probe' ORDER BY 1",
        ),
      );
      expect(tables.map((row) => row.name)).toEqual(['ok_probe']);
    } finally {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
