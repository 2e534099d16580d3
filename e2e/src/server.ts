import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { builtServerNodeArgs, staleOutputs } from '../../tools/build-stamp.ts';

const root = resolve(import.meta.dirname, '..', '..');

export interface RunningServer {
  baseUrl: string;
  port: number;
  stop(): Promise<void>;
}

async function waitForServer(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

/** A loopback port free now, so that two test runs on one machine never share a server. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((listening) => probe.listen(0, '127.0.0.1', listening));
  const address = probe.address();
  await new Promise((closed) => probe.close(closed));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * Starts the whole system as `npm start` does (the built server with the built app and console,
 * API, outbox) on a fresh embedded database, with the given extra environment, on `port` or a
 * free one. A build older than its sources is refused: the tests would pass or fail on old code.
 */
export async function startServer(
  port?: number,
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> {
  const stale = staleOutputs();
  if (stale.length > 0) {
    throw new Error(
      `the build of ${stale.join(', ')} is missing or out of date: run \`npm run build\``,
    );
  }
  port ??= await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'evc-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: baseUrl,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // Every browser test signs the demo driver in from 127.0.0.1: more than a person would.
    LOGIN_RATE_LIMIT: '1000',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.NATS_URL;
  delete env.SMTP_URL;
  const server = spawn(process.execPath, builtServerNodeArgs(), {
    cwd: join(root, 'apps', 'server'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    // A fresh embedded database and the demo network take seconds on a quiet machine; a busy
    // one has been seen to take over a minute and a half.
    await waitForServer(`${baseUrl}/api/apiversioncheck`, server, 180_000);
  } catch (error) {
    server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}; the server said:\n${output || '(nothing)'}`);
  }
  return {
    baseUrl,
    port,
    async stop() {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((done) => server.once('exit', done));
        server.kill('SIGTERM');
        // A graceful stop closes the chargers and the database; only a hung one is killed.
        const hung = setTimeout(() => server.kill('SIGKILL'), 30_000);
        await exited;
        clearTimeout(hung);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
