import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { calls, callPath, type CallName, type SignedInUser } from '@evc/contract';
import { buildApp, type AppServices, type BuildAppOptions } from '../app.ts';
import { createPasswordHasher, type Argon2Cost } from '../platform/passwords.ts';
import { demoContent, type AppConfig } from '../platform/config.ts';
import { openDatabase, type Database } from '../platform/db/database.ts';
import { migrate } from '../platform/db/migrate.ts';
import { DEFAULT_RATE_LIMITS } from '../platform/http/rate-limits.ts';
import { seed } from '../seed.ts';

/** Far cheaper than production's OWASP cost; only tests use it. */
export const TEST_ARGON2: Argon2Cost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

// Files sign in many times from one address; rate-limit tests pass their own small limits.
const GENEROUS_LIMITS = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { max: 10_000, timeWindowMs: 60_000 }]),
);

export const APP_URL = 'http://app.test';
export const API_2_0_0 = { majorversion: 2, minorversion: 0, patchversion: 0 };

/** The app's sign-in request for an account, from a device. */
export const loginRequest = (account: { email: string; password: string }, uuid: string) => ({
  body: {
    name: account.email,
    password: account.password,
    apiVersion: API_2_0_0,
    appVersion: '2.7.9',
    uuid,
  },
});

export const DRIVER = { email: 'driver@example.com', password: 'Driver-pass-2026' };
export const OPERATOR = { email: 'operator@example.com', password: 'Operator-pass-2026' };
export const MFA_USER = { email: 'mfa@example.com', password: 'Mfa-pass-2026' };

/** The demo accounts and chargers, as in development; no network nor simulators (tests provision their own). */
export const TEST_DEMO = demoContent('test', false, false);

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    nodeEnv: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    databaseUrl: undefined,
    appUrl: APP_URL,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    smtpUrl: undefined,
    mailFrom: 'EV Charge <no-reply@test>',
    apiVersion: '2.0.0',
    accessTokenTtlSeconds: 900,
    refreshTokenTtlSeconds: 30 * 24 * 3600,
    staticDir: '/nonexistent',
    consoleDir: '/nonexistent',
    logLevel: 'silent',
    trustProxy: false,
    demo: TEST_DEMO,
    natsUrl: undefined,
    natsSubjectPrefix: 'evc',
    shutdownGraceSeconds: 25,
    ...overrides,
  };
}

/** A clock tests can move forward; the app reads the time through it. */
export function testClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
  };
}

export interface CallResult {
  status: number;
  // The body is checked by each test; unknown keeps them honest about its shape.
  body: { data?: unknown; message?: string; code?: string; forcelogout?: boolean };
}

export interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
  kind: 'email' | 'sms';
}

export interface CallOptions {
  body?: unknown;
  params?: Record<string, string>;
  query?: Record<string, string>;
  token?: string;
  headers?: Record<string, string>;
  /** The client's address (rate limits count per address); 127.0.0.1 unless given. */
  remoteAddress?: string;
}

export interface TestApp {
  app: FastifyInstance;
  /** The services behind the calls: the bus, charger commands, transactions, payments, groups. */
  services: AppServices;
  database: Database;
  call(name: CallName, options?: CallOptions): Promise<CallResult>;
  outbox(to?: string): Promise<OutboxEntry[]>;
  /** Signs in a user without MFA and returns the tokens. */
  login(account: { email: string; password: string }, uuid?: string): Promise<SignedInUser>;
  /** Another app on the same database (e.g. with small rate limits). */
  withApp(options: Partial<BuildAppOptions>): Promise<TestApp>;
  /**
   * Another node: an app with its own connection pool on the same PostgreSQL data, as a second
   * process would run (DATABASE_URL only); closed with this one.
   */
  withNode(options: Partial<BuildAppOptions>): Promise<TestApp>;
  close(): Promise<void>;
}

interface TestDatabase {
  database: Database;
  /** Another connection pool on the same data, as another process would have (PostgreSQL only). */
  reopen: () => Promise<Database>;
  drop: () => Promise<void>;
}

async function openTestDatabase(databaseUrl: string | undefined): Promise<TestDatabase> {
  if (!databaseUrl) {
    const database = await openDatabase({});
    return {
      database,
      reopen: () => Promise.reject(new Error('an in-memory PGlite cannot be shared')),
      drop: () => Promise.resolve(),
    };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl, searchPath: schema });
  return {
    database,
    reopen: () => openDatabase({ databaseUrl, searchPath: schema }),
    drop: async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

function wrap(
  { app, services }: { app: FastifyInstance; services: AppServices },
  database: Database,
  makeAnother: TestApp['withApp'],
  makeNode: TestApp['withNode'],
  close: () => Promise<void>,
): TestApp {
  const call: TestApp['call'] = async (name, options = {}) => {
    const definition = calls[name];
    const response = await app.inject({
      method: definition.method,
      url: `/api${callPath(definition, options.params)}${
        options.query ? `?${new URLSearchParams(options.query).toString()}` : ''
      }`,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      ...(definition.method === 'GET' || definition.method === 'DELETE'
        ? {}
        : { payload: options.body ?? {} }),
    });
    return { status: response.statusCode, body: response.json<CallResult['body']>() };
  };
  return {
    app,
    services,
    database,
    call,
    async outbox(to) {
      const response = await app.inject({
        url: `/dev/outbox${to ? `?to=${encodeURIComponent(to)}` : ''}`,
      });
      return response.json<{ data: OutboxEntry[] }>().data;
    },
    async login(account, uuid = 'test-device') {
      const result = await call('login', loginRequest(account, uuid));
      const data = result.body.data as { user?: SignedInUser } | undefined;
      if (result.status !== 200 || !data?.user) {
        throw new Error(`login failed: ${result.status} ${JSON.stringify(result.body)}`);
      }
      return data.user;
    },
    withApp: makeAnother,
    withNode: makeNode,
    close,
  };
}

/**
 * A fresh database per test file (in-memory PGlite, or a new schema on PostgreSQL when
 * DATABASE_URL is set), migrated and seeded once (with the demo its config names), and the app
 * built on it.
 */
export async function createTestApp(
  options: Partial<BuildAppOptions> = {},
  databaseUrl = process.env.DATABASE_URL,
): Promise<TestApp> {
  const { database, reopen, drop } = await openTestDatabase(databaseUrl);
  await migrate(database);
  await seed(database, createPasswordHasher(TEST_ARGON2), (options.config ?? testConfig()).demo);
  const others: FastifyInstance[] = [];
  const nodes: { app: FastifyInstance; database: Database }[] = [];

  const build = (extra: Partial<BuildAppOptions>, on: Database = database) =>
    buildApp({
      config: testConfig(),
      database: on,
      argon2: TEST_ARGON2,
      logger: false,
      rateLimits: GENEROUS_LIMITS,
      ...options,
      ...extra,
    });

  const makeAnother = async (extra: Partial<BuildAppOptions>): Promise<TestApp> => {
    const other = await build(extra);
    others.push(other.app);
    return wrap(other, database, makeAnother, makeNode, () => other.app.close());
  };

  const makeNode = async (extra: Partial<BuildAppOptions>): Promise<TestApp> => {
    const own = await reopen();
    const built = await build(extra, own);
    nodes.push({ app: built.app, database: own });
    return wrap(built, own, makeAnother, makeNode, () => built.app.close());
  };

  const built = await build({});
  const { app } = built;
  return wrap(built, database, makeAnother, makeNode, async () => {
    for (const other of others) await other.close();
    for (const node of nodes) {
      await node.app.close();
      await node.database.close();
    }
    await app.close();
    await database.close();
    await drop();
  });
}

export const codeIn = (text: string): string => {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no 6-digit code in: ${text}`);
  return match[1];
};

export const linkTokenIn = (text: string, route: 'completeRegistration' | 'reset'): string => {
  const match = new RegExp(`${APP_URL}/${route}/(\\S+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${route} link in: ${text}`);
  return decodeURIComponent(match[1]);
};
