// HAProxy in a process of its own, run on deploy/haproxy.cfg as an operator runs it, in front of
// nodes on loopback: what the rolling-restart test sends its chargers and drivers through. No
// vitest in here, so that a benchmark can start one too.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from '../platform/config.ts';
import { freePort } from './node-process.ts';

/** Debian's package puts it here; HAPROXY_BINARY names another. */
export const HAPROXY_BINARY = process.env.HAPROXY_BINARY ?? '/usr/sbin/haproxy';
export const HAPROXY_CONFIG = path.join(SERVER_ROOT, '../../deploy/haproxy.cfg');
/** Lines of HAProxy's output kept, for the message of a failure. */
const KEPT_LOG_LINES = 200;

export const haproxyInstalled = (): boolean => existsSync(HAPROXY_BINARY);

/** What HAProxy's checks make of a server: UP, DOWN, NOLB, MAINT, or UP/DOWN on the way. */
export type ServerState = string;

export interface Balancer {
  /** http://127.0.0.1:PORT: the API and the app, as drivers reach them */
  base: string;
  /** ws://127.0.0.1:PORT/ocpp: the URL chargers are given */
  ocppUrl: string;
  /** The state of each server of the nodes' backend, by name (node-a, node-b, their fallbacks). */
  serverStates(): Promise<Record<string, ServerState>>;
  /** What HAProxy wrote lately (servers going up and down, and why). */
  log(): string;
  stop(): Promise<void>;
}

/** The backend's servers as HAProxy's CSV statistics list them. */
function statesFromCsv(csv: string): Record<string, ServerState> {
  const [header = '', ...rows] = csv.split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const proxy = columns.indexOf('pxname');
  const server = columns.indexOf('svname');
  const status = columns.indexOf('status');
  const states: Record<string, ServerState> = {};
  for (const row of rows) {
    const fields = row.split(',');
    const name = fields[server] ?? '';
    if (fields[proxy] === 'nodes' && name !== 'BACKEND') states[name] = fields[status] ?? '';
  }
  return states;
}

/** Starts HAProxy in front of the nodes listening on `nodePorts` and waits until it answers. */
export async function startBalancer(
  nodePorts: { a: number; b: number },
  readyWithinMs = 30_000,
): Promise<Balancer> {
  const [port, statsPort] = [await freePort(), await freePort()];
  const child = spawn(HAPROXY_BINARY, ['-db', '-f', HAPROXY_CONFIG], {
    env: {
      PATH: process.env.PATH,
      EVC_LB_BIND: `127.0.0.1:${String(port)}`,
      EVC_LB_STATS_BIND: `127.0.0.1:${String(statsPort)}`,
      EVC_NODE_A: `127.0.0.1:${String(nodePorts.a)}`,
      EVC_NODE_B: `127.0.0.1:${String(nodePorts.b)}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: string) => {
    lines.push(...chunk.split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - KEPT_LOG_LINES));
  };
  child.stdout.setEncoding('utf8').on('data', keep);
  child.stderr.setEncoding('utf8').on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const log = () => lines.join('\n');
  const stats = `http://127.0.0.1:${String(statsPort)}/stats;csv`;
  const serverStates = async () => statesFromCsv(await (await fetch(stats)).text());

  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`haproxy exited with ${String(child.exitCode)}:\n${log()}`);
    }
    const answered = await serverStates().then(
      (states) => 'node-a' in states && 'node-b' in states,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`haproxy did not answer in time:\n${log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    base: `http://127.0.0.1:${String(port)}`,
    ocppUrl: `ws://127.0.0.1:${String(port)}/ocpp`,
    serverStates,
    log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
