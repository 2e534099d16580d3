import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { API_VERSION, parseVersion } from '@evc/domain';
import { z } from 'zod';

/**
 * apps/server, whatever the working directory: the nearest folder above this module holding a
 * package.json. The module is src/platform/config.ts when run from source and part of
 * dist/main.js when built, so its depth differs but the folder it finds does not.
 */
export const SERVER_ROOT = packageRoot(import.meta.dirname);

function packageRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

const positiveSeconds = z.coerce.number().int().positive();

/** Comma-separated origins (scheme://host[:port], no path). */
const originList = z
  .string()
  .refine(
    (text) =>
      text.split(',').every((origin) => /^[a-z][a-z0-9+.-]*:\/\/[^\s/?#]+$/i.test(origin.trim())),
    'must be one or more origins (scheme://host[:port], no path), comma-separated',
  );
const origins = (text: string | undefined) => text?.split(',').map((origin) => origin.trim());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  APP_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('EV Charge <no-reply@evcharge.localhost>'),
  API_VERSION: z
    .string()
    .refine((text) => parseVersion(text) !== null, 'must be major.minor.patch')
    .default(API_VERSION),
  ACCESS_TOKEN_TTL: positiveSeconds.default(900),
  REFRESH_TOKEN_TTL: positiveSeconds.default(30 * 24 * 60 * 60),
  STATIC_DIR: z.string().min(1).optional(),
  CONSOLE_DIR: z.string().min(1).optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  DEMO_CHARGERS: z.enum(['true', 'false']).optional(),
  OPERATOR_EMAIL: z.email('must be an e-mail address').optional(),
  OPERATOR_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must start with whsec_')
    .optional(),
  STRIPE_API_URL: z.url().optional(),
  SESSION_START_TIMEOUT: positiveSeconds.default(180),
  SETTLEMENT_RETRY_AFTER: positiveSeconds.default(300),
  UNPLUG_WAIT_LIMIT: positiveSeconds.default(12 * 60 * 60),
  SESSION_ABANDON_AFTER: positiveSeconds.default(24 * 60 * 60),
  INTENT_ABANDON_AFTER: positiveSeconds.default(60 * 60),
  HELD_INTENT_REUSE_LIMIT: positiveSeconds.default(24 * 60 * 60),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  CORS_ORIGINS: originList.optional(),
  CSP_EXTRA_ORIGINS: originList.optional(),
  NATS_URL: z
    .string()
    .refine(
      (text) => text.split(',').every((url) => /^(nats|tls|wss?):\/\/[^\s/]+\/?$/.test(url.trim())),
      'must be one or more nats:// URLs, comma-separated',
    )
    .optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  NATS_SUBJECT_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, 'must be NATS subject tokens, e.g. evc or evc.eu')
    .default('evc'),
  // A node renews its presence five times per NODE_TIMEOUT (ADR 0031): below 2 s a busy node
  // would be taken for dead.
  NODE_TIMEOUT: z.coerce.number().int().min(2, 'must be at least 2 seconds').default(15),
  // How long a stopping node may take to finish what it holds before it lets go of it (ADR 0034).
  SHUTDOWN_GRACE: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1 second')
    .max(600, 'must be at most 600 seconds')
    .default(25),
});

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  apiVersion: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  staticDir: string;
  /** The built support console, served at /console (ADR 0023). */
  consoleDir: string;
  logLevel: string;
  /** Behind a load balancer: take the client address from X-Forwarded-For (rate limits use it). */
  trustProxy: boolean;
  /** What of the demo this process seeds and runs: none of it in production (`demoContent`). */
  demo: DemoContent;
  /** The first operator account, created at start when there is no operator yet. */
  firstOperator?: { email: string; password: string };
  /** Payments go to Stripe with this key; without it, the built-in sandbox takes them. */
  stripeSecretKey?: string;
  /** Signs Stripe's webhook calls; required with stripeSecretKey. */
  stripeWebhookSecret?: string;
  /** Another address for Stripe's API, e.g. stripe-mock. */
  stripeApiUrl?: string;
  /** Seconds a charger has to start a remotely started session before it is rejected. */
  sessionStartTimeoutSeconds?: number;
  /** Seconds after which a settlement claimed but without a result is tried again. */
  settlementRetryAfterSeconds?: number;
  /** Seconds a session stopped with the cable in waits for the unplug (the overstay's cap). */
  unplugWaitLimitSeconds?: number;
  /**
   * Seconds of silence after which a session whose charger is offline, or whose connector reports
   * no transaction, is ended on its last reading.
   */
  sessionAbandonAfterSeconds?: number;
  /** Seconds after which an unused intent still waiting for the driver is cancelled. */
  intentAbandonAfterSeconds?: number;
  /** Seconds a held, unused card intent is offered for reuse; then its hold is released. */
  heldIntentReuseSeconds?: number;
  /** Sign-in attempts allowed per client address, and per login name, in 15 minutes. */
  loginRateLimit?: number;
  /** Page origins allowed to call the API besides the brands' own (platform/http/cors-policy.ts). */
  corsOrigins?: readonly string[];
  /** More hosts the app's pages may fetch from: the tiles, sprites and fonts of a map style. */
  cspExtraOrigins?: readonly string[];
  /** Several nodes: commands and events cross them through this NATS server; unset, one node. */
  natsUrl: string | undefined;
  natsSubjectPrefix: string;
  /** GET /metrics answers a scraper holding this bearer token; unset, metrics are off. */
  metricsToken?: string;
  /**
   * Seconds after which a node that has not renewed its presence is dead to the others: its
   * chargers go Offline and commands for them answer CHARGER_OFFLINE (ADR 0031).
   */
  nodeTimeoutSeconds?: number;
  /**
   * Seconds a node given SIGTERM has to finish the requests and OCPP calls it holds before their
   * connections are cut (ADR 0034).
   */
  shutdownGraceSeconds: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** The demo's parts; each is known to the world (published passwords, chargers with no password). */
export interface DemoContent {
  /** The demo accounts with their published passwords (README). */
  accounts: boolean;
  /** The demo chargers 1001-1006 (1006 a home charger with a published adoption code). */
  chargers: boolean;
  /** The demo network's few thousand public chargers. */
  network: boolean;
  /** Simulators running the demo chargers inside the server. */
  simulators: boolean;
}

export const NO_DEMO: DemoContent = {
  accounts: false,
  chargers: false,
  network: false,
  simulators: false,
};

/**
 * The one place deciding what of the demo a process provides. Production ships none of it: its
 * accounts and chargers are known to everyone. Elsewhere DEMO_CHARGERS (default: on, unless
 * several nodes share the data, where each would run the same chargers) decides the network and
 * its simulators.
 */
export function demoContent(
  nodeEnv: AppConfig['nodeEnv'],
  demoChargers: boolean | undefined,
  severalNodes: boolean,
): DemoContent {
  if (nodeEnv === 'production') return NO_DEMO;
  const live = demoChargers ?? !severalNodes;
  return { accounts: true, chargers: true, network: live, simulators: live };
}

/** Empty variables count as unset, so `FOO= npm start` falls back to the default. */
function withoutEmpty(env: Env): Env {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
}

/** Validates the environment once at start-up; throws ConfigError listing every problem. */
export async function loadConfig(env: Env, cwd = process.cwd()): Promise<AppConfig> {
  const given = withoutEmpty(env);
  const parsed = envSchema.safeParse(given);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`);
  // Checked apart from the schema so it is listed together with every other problem.
  if (given.NODE_ENV === 'production') problems.push(...productionProblems(given));
  if (Boolean(given.OPERATOR_EMAIL) !== Boolean(given.OPERATOR_PASSWORD)) {
    problems.push('OPERATOR_PASSWORD: OPERATOR_EMAIL and OPERATOR_PASSWORD go together');
  }
  if (given.STRIPE_SECRET_KEY && !given.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY');
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const values = parsed.data;
  const dataDir = path.resolve(cwd, values.DATA_DIR);
  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    appUrl: (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    jwtSecret: values.JWT_SECRET ?? (await storedJwtSecret(dataDir)),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    apiVersion: values.API_VERSION,
    accessTokenTtlSeconds: values.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: values.REFRESH_TOKEN_TTL,
    staticDir: values.STATIC_DIR
      ? path.resolve(cwd, values.STATIC_DIR)
      : path.resolve(SERVER_ROOT, '../driver/dist'),
    consoleDir: values.CONSOLE_DIR
      ? path.resolve(cwd, values.CONSOLE_DIR)
      : path.resolve(SERVER_ROOT, '../console/dist'),
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY === 'true',
    demo: demoContent(
      values.NODE_ENV,
      values.DEMO_CHARGERS === undefined ? undefined : values.DEMO_CHARGERS === 'true',
      values.NATS_URL !== undefined,
    ),
    ...(values.OPERATOR_EMAIL && values.OPERATOR_PASSWORD
      ? { firstOperator: { email: values.OPERATOR_EMAIL, password: values.OPERATOR_PASSWORD } }
      : {}),
    stripeSecretKey: values.STRIPE_SECRET_KEY,
    stripeWebhookSecret: values.STRIPE_WEBHOOK_SECRET,
    stripeApiUrl: values.STRIPE_API_URL,
    sessionStartTimeoutSeconds: values.SESSION_START_TIMEOUT,
    settlementRetryAfterSeconds: values.SETTLEMENT_RETRY_AFTER,
    unplugWaitLimitSeconds: values.UNPLUG_WAIT_LIMIT,
    sessionAbandonAfterSeconds: values.SESSION_ABANDON_AFTER,
    intentAbandonAfterSeconds: values.INTENT_ABANDON_AFTER,
    heldIntentReuseSeconds: values.HELD_INTENT_REUSE_LIMIT,
    loginRateLimit: values.LOGIN_RATE_LIMIT,
    corsOrigins: origins(values.CORS_ORIGINS),
    cspExtraOrigins: origins(values.CSP_EXTRA_ORIGINS),
    natsUrl: values.NATS_URL,
    natsSubjectPrefix: values.NATS_SUBJECT_PREFIX,
    ...(values.METRICS_TOKEN ? { metricsToken: values.METRICS_TOKEN } : {}),
    nodeTimeoutSeconds: values.NODE_TIMEOUT,
    shutdownGraceSeconds: values.SHUTDOWN_GRACE,
  };
}

/**
 * Settings that are fine on a developer's machine and unsafe on a public one: production refuses
 * to start with them rather than run open.
 */
function productionProblems(given: Env): string[] {
  const problems: string[] = [];
  const secret = given.JWT_SECRET;
  if (!secret) problems.push('JWT_SECRET: is required when NODE_ENV=production');
  // A secret someone typed as a placeholder ("x" × 40, "changeme…") is guessable; a generated
  // one (openssl rand -base64 48) has dozens of distinct characters.
  else if (new Set(secret).size < 16) {
    problems.push(
      'JWT_SECRET: looks like a placeholder; use a random one (openssl rand -base64 48)',
    );
  }
  if (given.DEMO_CHARGERS === 'true') {
    problems.push(
      'DEMO_CHARGERS: the demo (its chargers have no password) never runs in production',
    );
  }
  return problems;
}

/** The embedded default keeps its signing key beside its data so tokens survive a restart. */
async function storedJwtSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = (await readFile(file, 'utf8')).trim();
    if (secret.length >= 32) return secret;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
