// A node of the platform in a process of its own, started as `npm start` starts one and set up by
// its environment: what a multi-node test or benchmark can kill for real. No vitest in here, so
// that the benchmarks can start nodes with it too.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { calls, callPath, type CallName, type SignedInUser } from '@evc/contract';
import { SERVER_ROOT } from '../platform/config.ts';
import { loginRequest, type CallOptions, type CallResult } from './test-app.ts';

const SERVER_MAIN = path.join(SERVER_ROOT, 'src/main.ts');
const REPOSITORY_ROOT = path.join(SERVER_ROOT, '../..');
/** Lines of a node's stderr kept, for the message of a failure. */
const KEPT_LOG_LINES = 200;

export interface NodeSettings {
  /** Names the node in failures and in NATS's monitoring. */
  name: string;
  databaseUrl: string;
  natsUrl: string;
  natsSubjectPrefix: string;
  /** The nodes of one deployment share it: a token one of them signed is good on the others. */
  jwtSecret: string;
  /** More environment, e.g. SESSION_START_TIMEOUT. */
  env?: Record<string, string>;
  /** The port to listen on (a node restarted behind a load balancer keeps its own); default a free one. */
  port?: number;
}

export interface NodeProcess {
  name: string;
  /** http://127.0.0.1:PORT */
  base: string;
  /** The URL chargers are given: ws://127.0.0.1:PORT/ocpp */
  ocppUrl: string;
  pid: number;
  /** A call of the catalogue over HTTP, answered as TestApp's `call` answers it. */
  call(name: CallName, options?: CallOptions): Promise<CallResult>;
  /** Signs in a user without MFA and returns the tokens. */
  login(account: { email: string; password: string }, uuid?: string): Promise<SignedInUser>;
  /** What the node wrote to stderr lately (its warnings and errors at LOG_LEVEL=warn). */
  log(): string;
  /** SIGKILL, as a crash or a pulled plug ends a node: nothing of it runs again. */
  kill(): Promise<void>;
  /**
   * SIGSTOP, as a long pause, a frozen VM or a partition stops a node: its sockets stay open and
   * nothing of it runs until `thaw` (SIGCONT).
   */
  freeze(): void;
  thaw(): void;
  /** SIGTERM, then SIGKILL after `graceMs`; answers how it ended. */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** Calls of the catalogue over HTTP to `base`, answered as TestApp's `call` answers them. */
export function httpCall(base: string): NodeProcess['call'] {
  return async (name, options = {}) => {
    const definition = calls[name];
    const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
    const withBody = definition.method !== 'GET' && definition.method !== 'DELETE';
    const response = await fetch(`${base}/api${callPath(definition, options.params)}${query}`, {
      method: definition.method,
      headers: {
        ...(withBody ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      ...(withBody ? { body: JSON.stringify(options.body ?? {}) } : {}),
    });
    return { status: response.status, body: (await response.json()) as CallResult['body'] };
  };
}

/**
 * Starts a node on `settings` (sandbox payments, mail kept in the outbox, no demo chargers) and
 * waits until it answers; its database must be migrated and seeded already, as the nodes of a
 * deployment find it.
 */
export async function startNodeProcess(
  settings: NodeSettings,
  readyWithinMs = 120_000,
): Promise<NodeProcess> {
  const port = settings.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), `evc-${settings.name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    cwd: REPOSITORY_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: settings.databaseUrl,
      NATS_URL: settings.natsUrl,
      NATS_SUBJECT_PREFIX: settings.natsSubjectPrefix,
      JWT_SECRET: settings.jwtSecret,
      DEMO_CHARGERS: 'false',
      LOG_LEVEL: 'warn',
      // Empty is unset: the sandbox takes payments, the outbox the mail.
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      SMTP_URL: '',
      ...settings.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const lines: string[] = [];
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    lines.push(...chunk.split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - KEPT_LOG_LINES));
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, signal });
    }),
  );
  const log = () => lines.join('\n');
  const base = `http://127.0.0.1:${String(port)}`;
  const call = httpCall(base);

  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`node ${settings.name} exited with ${String(child.exitCode)}:\n${log()}`);
    }
    const answered = await fetch(`${base}/api/apiversioncheck`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`node ${settings.name} did not answer in time:\n${log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    name: settings.name,
    base,
    ocppUrl: `ws://127.0.0.1:${String(port)}/ocpp`,
    pid: child.pid ?? 0,
    call,
    async login(account, uuid = `${settings.name}-device`) {
      const result = await call('login', loginRequest(account, uuid));
      const data = result.body.data as { user?: SignedInUser } | undefined;
      if (result.status !== 200 || !data?.user) {
        throw new Error(
          `login on ${settings.name}: ${result.status} ${JSON.stringify(result.body)}`,
        );
      }
      return data.user;
    },
    log,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    freeze() {
      child.kill('SIGSTOP');
    },
    thaw() {
      child.kill('SIGCONT');
    },
    async stop(graceMs = 15_000) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const ended = await exited;
      clearTimeout(timer);
      return ended;
    },
  };
}

/** The data of a 200 answer; any other answer throws with its status and body. */
export async function dataOf<T>(answer: Promise<CallResult>): Promise<T> {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`answered ${String(status)}: ${JSON.stringify(body)}`);
  return body.data as T;
}
