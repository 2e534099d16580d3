// Times the statements drizzle sends, for the metrics. The database is opened before the app that
// may observe it, so the clients handed to drizzle always stand in front of the real ones; with no
// observer (metrics off) each statement costs one look at `timing.observer` and nothing else.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { performance } from 'node:perf_hooks';
import type { StatementKind, StatementObserver } from '../metrics/observers.ts';

/** Who is told of each statement's duration; none unless the app's metrics are on. */
export interface StatementTiming {
  observer: StatementObserver | undefined;
}

/** node-postgres' query(config, values), PGlite's query(text, params, options). */
type Query = (config: unknown, values?: unknown, options?: unknown) => Promise<unknown>;

function timed<T>(
  observe: StatementObserver,
  kind: StatementKind,
  run: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  return run().finally(() => observe(kind, (performance.now() - started) / 1000));
}

/** A client whose `query` runs on `target`'s and is timed as `kind` while observed. */
function withTimedQuery<T extends object>(
  target: T,
  query: Query,
  kind: (config: unknown) => StatementKind,
  timing: StatementTiming,
  more: PropertyDescriptorMap = {},
): T {
  return Object.create(target, {
    query: {
      value: (config: unknown, values?: unknown, options?: unknown) => {
        const observe = timing.observer;
        if (!observe) return query(config, values, options);
        return timed(observe, kind(config), () => query(config, values, options));
      },
    },
    ...more,
  }) as T;
}

/**
 * The pool as drizzle sees it (still a pg.Pool, so transactions check a connection out): a
 * statement given to `query` is a pipelined read when `pipelined` says so (pipelined-statements.ts
 * routes it), else runs on a pooled connection; a transaction's run on the connection it holds.
 */
export function timedPool(
  pool: pg.Pool,
  pipelined: (config: unknown) => boolean,
  timing: StatementTiming,
): pg.Pool {
  const poolQuery = pool.query.bind(pool) as unknown as Query;
  return withTimedQuery(
    pool,
    poolQuery,
    (config) => (pipelined(config) ? 'pipelined_read' : 'statement'),
    timing,
    {
      connect: {
        value: async () => {
          const client = await pool.connect();
          if (!timing.observer) return client;
          const clientQuery = client.query.bind(client) as unknown as Query;
          return withTimedQuery(client, clientQuery, () => 'transaction', timing);
        },
      },
    },
  );
}

/** PGlite as drizzle sees it: one connection, its transactions' statements timed apart. */
export function timedPglite(client: PGlite, timing: StatementTiming): PGlite {
  const query = client.query.bind(client) as Query;
  return withTimedQuery(client, query, () => 'statement', timing, {
    transaction: {
      value: <T>(work: (tx: Transaction) => Promise<T>) =>
        client.transaction((tx) => {
          if (!timing.observer) return work(tx);
          return work(withTimedQuery(tx, tx.query.bind(tx) as Query, () => 'transaction', timing));
        }),
    },
  });
}
