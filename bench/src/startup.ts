// How fast a node starts and how much memory it holds at rest (issue 25: ready in ≤ 2 s on a
// built tree, idle RSS ≤ 150 MB on PostgreSQL). A node runs in its own process as an operator
// runs it (NODE_ENV=production: no demo), built (`node dist/main.js`, what `npm start` runs) and
// from source (`node --import tsx src/main.ts`, what it ran before), on a fresh PGlite and, when
// DATABASE_URL is set, a fresh PostgreSQL database beside it (BENCH_DATABASES=postgres or pglite
// for one only). Each is started once on the empty database (migrations and seed included), then
// BENCH_STARTS times on the migrated one; ready is from the process's spawn until it answers
// HTTP, idle RSS is read BENCH_IDLE_SECONDS after that. Build first (`npm run build`).
import { randomBytes } from 'node:crypto';
import { freshDatabase, startServer, type ServerRuntime } from './support/server-process.ts';

const STARTS = Number(process.env.BENCH_STARTS ?? 3);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 5);
const TARGETS = { readyMsBuilt: 2000, idleRssMbPostgres: 150 };

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

interface Start {
  readyMs: number;
  /** CPU time the node used until it answered. */
  readyCpuMs: number;
  idleRssMb: number;
}

async function startOnce(
  database: Awaited<ReturnType<typeof freshDatabase>>,
  runtime: ServerRuntime,
): Promise<Start> {
  const server = await startServer(
    database,
    { NODE_ENV: 'production', JWT_SECRET: randomBytes(48).toString('base64') },
    runtime,
  );
  try {
    const readyCpuMs = server.cpuMs();
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    return { readyMs: server.readyMs, readyCpuMs, idleRssMb: mb(server.rssBytes()) };
  } finally {
    await server.stop();
  }
}

async function measure(postgresUrl: string | undefined, runtime: ServerRuntime) {
  const database = await freshDatabase(postgresUrl);
  try {
    const first = await startOnce(database, runtime);
    const restarts: Start[] = [];
    for (let run = 0; run < STARTS; run += 1) restarts.push(await startOnce(database, runtime));
    return {
      database: database.kind,
      runtime,
      firstStart: first,
      restart: {
        readyMs: median(restarts.map((start) => start.readyMs)),
        readyCpuMs: median(restarts.map((start) => start.readyCpuMs)),
        idleRssMb: median(restarts.map((start) => start.idleRssMb)),
        runs: restarts,
      },
    };
  } finally {
    await database.drop();
  }
}

const only = process.env.BENCH_DATABASES;
const databases: (string | undefined)[] = [];
if (only !== 'postgres') databases.push(undefined);
if (process.env.DATABASE_URL && only !== 'pglite') databases.push(process.env.DATABASE_URL);
const results = [];
// BENCH_RUNTIMES=built (or source) measures one of the two only.
const runtimes = (['source', 'built'] as const).filter(
  (runtime) => !process.env.BENCH_RUNTIMES || process.env.BENCH_RUNTIMES === runtime,
);
for (const postgresUrl of databases) {
  for (const runtime of runtimes) results.push(await measure(postgresUrl, runtime));
}
const built = results.filter((result) => result.runtime === 'built');
const builtPostgres = built.find((result) => result.database === 'postgres');
process.stdout.write(
  `${JSON.stringify(
    {
      benchmark: 'startup',
      nodeEnv: 'production',
      starts: STARTS,
      idleSeconds: IDLE_SECONDS,
      results,
      targets: {
        ...TARGETS,
        readyMetBuilt: built.every((result) => result.restart.readyMs <= TARGETS.readyMsBuilt),
        idleRssMetPostgres: builtPostgres
          ? builtPostgres.restart.idleRssMb <= TARGETS.idleRssMbPostgres
          : null,
      },
    },
    null,
    2,
  )}\n`,
);
