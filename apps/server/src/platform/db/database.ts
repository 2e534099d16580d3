import path from 'node:path';
import type { AppConfig } from '../config.ts';
import { mkdir } from 'node:fs/promises';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ClientConfig } from 'pg';
import type { StatementObserver } from '../metrics/observers.ts';
import * as schema from './schema.ts';
import { timedPglite, timedPool, type StatementTiming } from './statement-timing.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** One connection held for a sequence of statements (migrations under an advisory lock). */
export interface SqlSession {
  /** Runs a script of one or more statements without parameters. */
  exec(script: string): Promise<void>;
  query<Row extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  withSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  /** PostgreSQL only: the pool's connections and the reads in flight on pipelined ones. */
  poolUse?: () => PoolUse;
  /** Tells `observer` how long each statement of `db` takes from now on; undefined: nobody. */
  observeStatements(observer: StatementObserver | undefined): void;
  close(): Promise<void>;
}

export interface PoolUse {
  open: number;
  idle: number;
  /** Callers waiting for a pooled connection. */
  waiting: number;
  pipelinedInFlight: number;
}

export interface OpenDatabaseOptions {
  /** node-postgres connection string; without it PGlite is used. */
  databaseUrl?: string;
  /** Directory PGlite persists to; without it PGlite lives in memory. */
  pgliteDir?: string;
  /** Sets search_path on every PostgreSQL connection (tests use one schema per file). */
  searchPath?: string;
}

/** The database a node's settings name: DATABASE_URL, or the embedded one under DATA_DIR. */
export function openConfiguredDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
): Promise<Database> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
}

/** Each driver is loaded only when chosen: a node on PostgreSQL never loads PGlite (ADR 0032). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.searchPath);
  return openPglite(options.pgliteDir);
}

async function openPglite(dir: string | undefined): Promise<Database> {
  if (dir) await mkdir(dir, { recursive: true });
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ]);
  const client = await PGlite.create(dir ?? 'memory://');
  const session: SqlSession = {
    exec: async (script) => {
      await client.exec(script);
    },
    query: async <Row extends Record<string, unknown>>(text: string, params?: unknown[]) =>
      (await client.query<Row>(text, params)).rows,
  };
  const timing: StatementTiming = { observer: undefined };
  return {
    kind: 'pglite',
    db: drizzlePglite({ client: timedPglite(client, timing), schema }),
    withSession: (work) => work(session),
    observeStatements: (observer) => {
      timing.observer = observer;
    },
    close: () => client.close(),
  };
}

async function openPostgres(
  connectionString: string,
  searchPath: string | undefined,
): Promise<Database> {
  const [
    { default: pg },
    { drizzle: drizzlePostgres },
    { pipelineSingleStatements, isPreparedRead },
  ] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('./pipelined-statements.ts'),
  ]);
  const clientConfig: ClientConfig = {
    connectionString,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  };
  const pool = new pg.Pool(clientConfig);
  const pipelines = pipelineSingleStatements(pool, clientConfig);
  const timing: StatementTiming = { observer: undefined };
  return {
    kind: 'postgres',
    db: drizzlePostgres({ client: timedPool(pool, isPreparedRead, timing), schema }),
    withSession: async (work) => {
      const client = await pool.connect();
      try {
        return await work({
          exec: async (script) => {
            await client.query(script);
          },
          query: async <Row extends Record<string, unknown>>(text: string, params?: unknown[]) =>
            (await client.query<Row>(text, params)).rows,
        });
      } finally {
        client.release();
      }
    },
    observeStatements: (observer) => {
      timing.observer = observer;
    },
    poolUse: () => ({
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      pipelinedInFlight: pipelines.inFlight(),
    }),
    close: async () => {
      await pipelines.end();
      await pool.end();
    },
  };
}

/** True for PostgreSQL's unique_violation, however the driver wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let current = error;
    current instanceof Object;
    current = (current as { cause?: unknown }).cause
  ) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * The rows a raw `db.execute` answered: node-postgres and PGlite both answer an object with
 * `rows`, which drizzle types as unknown over the two drivers.
 */
export function executedRows(result: unknown): readonly unknown[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? rows : [];
}
