// A node of the platform in its own process, as `npm start` runs it (the built server, plain
// `node`), on a fresh database of its own: PGlite in a temporary folder, or a new PostgreSQL
// database beside DATABASE_URL's (dropped at the end). What a benchmark measures from outside: its
// address, how long it took to answer, its resident memory, its end.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase, type Database } from '../../../apps/server/src/platform/db/database.ts';
import { migrate } from '../../../apps/server/src/platform/db/migrate.ts';
import { freePort } from '../../../apps/server/src/test/node-process.ts';
import { BUILD_OUTPUTS, builtServerNodeArgs, isUpToDate } from '../../../tools/build-stamp.ts';

const SERVER_ROOT = path.join(import.meta.dirname, '../../../apps/server');

/** How a node is run: `built` as `npm start` runs it, `source` through the TypeScript loader. */
export type ServerRuntime = 'built' | 'source';

function serverCommand(runtime: ServerRuntime): string[] {
  if (runtime === 'source') return ['--import', 'tsx', path.join(SERVER_ROOT, 'src/main.ts')];
  const server = BUILD_OUTPUTS.find((output) => output.name === 'server');
  if (!server || !isUpToDate(server)) {
    throw new Error('the built server is missing or older than its sources: run `npm run build`');
  }
  return builtServerNodeArgs().map((arg) =>
    arg.startsWith('-') ? arg : path.join(SERVER_ROOT, arg),
  );
}

export interface BenchDatabase {
  kind: 'pglite' | 'postgres';
  /** The database the node opens: a postgres:// URL, or undefined for PGlite under dataDir. */
  url: string | undefined;
  dataDir: string;
  /** Opens it in this process (migrated), for seeding; close it before a PGlite node starts. */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/** A fresh database: PostgreSQL when `postgresUrl` is given, else PGlite in a temporary folder. */
export async function freshDatabase(postgresUrl: string | undefined): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'evc-bench-'));
  let url: string | undefined;
  const name = `evc_bench_${String(process.pid)}_${String(Date.now())}`;
  if (postgresUrl) {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const parsed = new URL(postgresUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  }
  return {
    kind: url ? 'postgres' : 'pglite',
    url,
    dataDir,
    async open() {
      const database = await openDatabase({
        databaseUrl: url,
        pgliteDir: path.join(dataDir, 'pglite'),
      });
      await migrate(database);
      return database;
    },
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      if (!postgresUrl) return;
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export { freePort };

/** CPU time (user and system) process `pid` has used so far, in ms (Linux /proc). */
export function processCpuMs(pid: number): number {
  // Fields 14 and 15 of /proc/PID/stat, after the command's closing parenthesis, in ticks of
  // 1/100 s (USER_HZ on Linux).
  const fields = readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
    .split(') ')[1]
    ?.split(' ');
  return (Number(fields?.[11] ?? 0) + Number(fields?.[12] ?? 0)) * 10;
}

export interface ServerProcess {
  base: string;
  port: number;
  pid: number;
  /** From the process's spawn until it first answered an HTTP call, in ms. */
  readyMs: number;
  /** Resident memory of the node's process, in bytes (Linux /proc). */
  rssBytes(): number;
  /**
   * CPU time the node's process has used so far (user and system, Linux /proc), in ms: on a
   * machine shared with other work, a steadier measure of a start's cost than its wall time.
   */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** Starts a node on `database` and waits until it answers; its log goes to stderr at warn. */
export async function startServer(
  database: BenchDatabase,
  env: Record<string, string> = {},
  runtime: ServerRuntime = 'built',
): Promise<ServerProcess> {
  const command = serverCommand(runtime);
  const port = await freePort();
  // BENCH_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/profiles`, to see where a node's time goes.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const spawnedAt = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...command], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: database.dataDir,
      DEMO_CHARGERS: 'false',
      LOG_LEVEL: 'warn',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${String(port)}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the node exited with ${String(child.exitCode)}`);
    try {
      const answer = await fetch(`${base}/api/apiversioncheck`);
      if (answer.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('the node did not answer within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const readyMs = Math.round(performance.now() - spawnedAt);
  const pid = child.pid ?? 0;
  return {
    base,
    port,
    pid,
    readyMs,
    rssBytes() {
      const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
      const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
      return Number(kb ?? 0) * 1024;
    },
    cpuMs: () => processCpuMs(pid),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
