import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../platform/db/database.ts';
import { migrate } from '../platform/db/migrate.ts';
import { createPasswordHasher } from '../platform/passwords.ts';
import { seed } from '../seed.ts';
import { TEST_ARGON2, TEST_DEMO } from './test-app.ts';

export interface NodesDatabase {
  /** What the nodes are given as DATABASE_URL. */
  url: string;
  /** This process's own connection to it, to prepare and to check what the nodes wrote. */
  database: Database;
  /** Closes this process's connection and drops the database, the nodes' connections with it. */
  drop(): Promise<void>;
}

/**
 * A new PostgreSQL database beside `adminUrl`'s, migrated and seeded with the demo accounts, for
 * nodes run as processes: each opens it as a deployment's nodes do, and none of them races
 * another to set it up.
 */
export async function createNodesDatabase(adminUrl: string): Promise<NodesDatabase> {
  const name = `evc_nodes_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const parsed = new URL(adminUrl);
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  const database = await openDatabase({ databaseUrl: url });
  await migrate(database);
  await seed(database, createPasswordHasher(TEST_ARGON2), TEST_DEMO);
  return {
    url,
    database,
    async drop() {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
