// The prepared reads share a few pipelined connections (ADR 0033): each is written at once behind
// those in flight, PostgreSQL answers them in order, and one wake-up of a backend serves several.
// Only prepared SELECTs go there: short by design (ADR 0030) and never waiting for a row lock, so
// one cannot hold up the reads behind it for long, nor wait for a transaction that itself waits
// for a read. Writes, other statements, transactions and held sessions take pooled connections.
import { Socket } from 'node:net';
import pg from 'pg';
import { arrayRowsRead, isArrayRowsRead } from './array-rows-read.ts';

/** How many pipelined connections a node keeps beside its pool. */
export const PIPELINED_CONNECTIONS = 2;

interface Lane {
  client: Promise<pg.Client> | undefined;
  /** The connection's socket while its statements are held to be written together. */
  corked: Socket | undefined;
  inFlight: number;
}

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

const LOCKING_READ = /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i;

/** What each statement name was found to be: a name always stands for one text. */
const readsByName = new Map<string, boolean>();

/** A named statement that only reads: a SELECT that locks no row. */
export function isPreparedRead(config: unknown): boolean {
  if (typeof config !== 'object' || config === null) return false;
  const { name, text } = config as { name?: unknown; text?: unknown };
  if (typeof name !== 'string' || typeof text !== 'string') return false;
  let read = readsByName.get(name);
  if (read === undefined) {
    read = /^\s*select\b/i.test(text) && !LOCKING_READ.test(text);
    readsByName.set(name, read);
  }
  return read;
}

/**
 * Routes a prepared read given to `pool.query(config, values)` (promise form, what drizzle calls
 * outside a transaction) to the least busy of `lanes` pipelined connections, opened when first
 * needed and opened again after a connection is lost. Everything else, the callback form and
 * `pool.connect()` are the pool's own.
 */
export function pipelineSingleStatements(
  pool: pg.Pool,
  clientConfig: pg.ClientConfig,
  lanes = PIPELINED_CONNECTIONS,
): { inFlight(): number; end(): Promise<void> } {
  const all: Lane[] = Array.from({ length: lanes }, () => ({
    client: undefined,
    corked: undefined,
    inFlight: 0,
  }));
  let ending = false;

  const sockets = new WeakMap<pg.Client, Socket>();
  const open = (lane: Lane): Promise<pg.Client> => {
    const socket = new Socket();
    const client = new pg.Client({ ...clientConfig, pipeline: true, stream: () => socket });
    sockets.set(client, socket);
    const forget = () => {
      if (lane.client === connected) lane.client = undefined;
    };
    // A lost connection fails the statements in flight on it (as a pool's would); the next
    // statement opens a new one.
    client.on('error', forget);
    client.on('end', forget);
    const connected = client.connect().then(
      () => client,
      (error: unknown) => {
        forget();
        throw error;
      },
    );
    lane.client = connected;
    return connected;
  };

  // Every statement given to a connection until the event loop has run the callbacks of the I/O
  // it polled goes out in one write: the answers of one batch of reads, and the calls that
  // arrived together, start their next reads with one system call instead of one each.
  const writeTogether = (lane: Lane, connection: pg.Client) => {
    const socket = sockets.get(connection);
    if (!socket || lane.corked) return;
    lane.corked = socket;
    socket.cork();
    setImmediate(() => {
      lane.corked = undefined;
      socket.uncork();
    });
  };

  const direct = pool.query.bind(pool) as Query;
  const pipelined: Query = (config, values, callback) => {
    if (
      ending ||
      !isPreparedRead(config) ||
      typeof values === 'function' ||
      callback !== undefined
    ) {
      return direct(config, values, callback);
    }
    let lane = all[0] as Lane;
    for (const candidate of all) if (candidate.inFlight < lane.inFlight) lane = candidate;
    lane.inFlight += 1;
    const client = lane.client ?? open(lane);
    return client
      .then((connection) => {
        writeTogether(lane, connection);
        return isArrayRowsRead(config)
          ? arrayRowsRead(connection, config, values as unknown[] | undefined)
          : connection.query(config as pg.QueryConfig, values as unknown[]);
      })
      .finally(() => {
        lane.inFlight -= 1;
      });
  };
  Object.defineProperty(pool, 'query', { value: pipelined });

  return {
    inFlight: () => all.reduce((sum, lane) => sum + lane.inFlight, 0),
    async end() {
      ending = true;
      await Promise.all(
        all.map(async (lane) => {
          const client = await lane.client?.catch(() => undefined);
          lane.client = undefined;
          await client?.end();
        }),
      );
    },
  };
}
