import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createMfaRepository } from './modules/auth/mfa-repository.ts';
import { createMfaService } from './modules/auth/mfa-service.ts';
import { createPasswordHasher, type Argon2Cost } from './modules/auth/passwords.ts';
import { registerAuthRoutes } from './modules/auth/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createSessionRepository } from './modules/auth/session-repository.ts';
import { createTokenService } from './modules/auth/token-service.ts';
import { createUserTokenRepository } from './modules/auth/user-token-repository.ts';
import { registerBrandRoutes } from './modules/brands/routes.ts';
import { createGuestRepository } from './modules/guests/repository.ts';
import { registerGuestRoutes } from './modules/guests/routes.ts';
import { createGuestService } from './modules/guests/service.ts';
import { createChargerRepository } from './modules/chargers/repository.ts';
import { registerChargerCallRoutes } from './modules/chargers/charger-calls-routes.ts';
import { createChargerCallsService } from './modules/chargers/charger-calls-service.ts';
import { registerChargerLiveEvents } from './modules/chargers/live-events.ts';
import { registerChargerRoutes } from './modules/chargers/routes.ts';
import { createChargerService } from './modules/chargers/service.ts';
import {
  createCentralSystem,
  DEFAULT_HEARTBEAT_SECONDS,
  MISSED_HEARTBEATS,
} from './modules/ocpp/central-system.ts';
import { createChargerCommands } from './modules/charge-point/charger-commands.ts';
import type { HandshakeLimit } from './modules/ocpp/handshake-throttle.ts';
import './modules/ocpp/fastify-ocpp.ts';
import { createTransactionLedger } from './modules/charge-point/transaction-ledger.ts';
import { registerPayments } from './modules/payments/payments-module.ts';
import { createChargingSessionRepository } from './modules/sessions/charging-session-repository.ts';
import { registerSessionLiveEvents } from './modules/sessions/live-events.ts';
import { registerSessionRoutes } from './modules/sessions/routes.ts';
import { createHistoryRepository } from './modules/history/repository.ts';
import { registerHistoryRoutes } from './modules/history/routes.ts';
import { createHistoryService } from './modules/history/service.ts';
import { createSessionService } from './modules/sessions/service.ts';
import type { SessionPayments } from './modules/payments/session-payments.ts';
import { registerGroups } from './modules/groups/groups-module.ts';
import type { Bus } from './platform/bus/bus.ts';
import { createInProcessBus } from './platform/bus/in-process-bus.ts';
import { createNatsBus } from './platform/bus/nats-bus.ts';
import { registerDevMailRoutes } from './modules/mail/dev-routes.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './modules/mail/mailer.ts';
import { createOutboxRepository } from './modules/mail/outbox-repository.ts';
import { createReferenceRepository } from './modules/reference/repository.ts';
import { registerRfidRoutes } from './modules/rfid/routes.ts';
import { createRfidService } from './modules/rfid/service.ts';
import { registerReferenceRoutes } from './modules/reference/routes.ts';
import { createReferenceService } from './modules/reference/service.ts';
import { createUserRepository } from './modules/users/repository.ts';
import { registerUserRoutes } from './modules/users/routes.ts';
import { createUsersService } from './modules/users/service.ts';
import { createUserView } from './modules/users/user-view.ts';
import { createCreditLowAlert } from './modules/users/credit-low-alert.ts';
import { SERVER_ROOT, type AppConfig } from './platform/config.ts';
import type { Database } from './platform/db/database.ts';
import { registerErrorHandling } from './platform/errors.ts';
import { API_PREFIX, createCallRegistrar } from './platform/http/call-registrar.ts';
import {
  API_CONTENT_SECURITY_POLICY,
  appContentSecurityPolicy,
} from './platform/http/content-security-policy.ts';
import { CALL_METHODS, corsOriginAllowed } from './platform/http/cors-policy.ts';
import {
  DEFAULT_RATE_LIMITS,
  type RateLimit,
  type RateLimitedCall,
} from './platform/http/rate-limits.ts';
import { loggerOptions } from './platform/logging.ts';

export interface BuildAppOptions {
  config: AppConfig;
  /** Opened and migrated; the caller closes it after the app. */
  database: Database;
  rateLimits?: Partial<Record<RateLimitedCall, RateLimit>>;
  /** Lower argon2 cost for tests only; production uses the OWASP defaults. */
  argon2?: Argon2Cost;
  /** Replaces the SMTP or outbox mailer. */
  mailer?: Mailer;
  now?: () => Date;
  logger?: boolean;
  /** OCPP timings (tests shorten them). */
  ocpp?: {
    heartbeatSeconds?: number;
    pingIntervalMs?: number;
    commandTimeoutMs?: number;
    handshakeLimit?: HandshakeLimit;
  };
  /** The bus between nodes; in-process unless given. */
  bus?: Bus;
  /**
   * How long a charger has to start a remotely started session, how long a settlement may go
   * without a result before it is retried, how long a stopped session waits for its unplug
   * (tests shorten them).
   */
  sessions?: { startTimeoutMs?: number; settlementRetryMs?: number; unplugWaitLimitMs?: number };
  /** Live event streams' keep-alive interval (tests shorten it). */
  liveEvents?: { keepAliveMs?: number };
  /** How often the abandoned-intent sweep runs (tests shorten it). */
  payments?: { intentSweepIntervalMs?: number };
}

export const CAR_ASSETS_DIR = path.join(SERVER_ROOT, 'assets/cars');
const NON_APP_PREFIXES = [API_PREFIX, '/dev', '/ocpp', '/brand-icon'];

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  registerErrorHandling(app);

  await app.register(helmet, {
    // Set below: one policy for the app's pages and workers, another for everything else.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Car pictures are shown by apps served from other origins (brand domains, the dev server).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  // Chosen by path, not by content type: a 304 has none, and its headers replace the cached
  // page's. The app's files get the app's policy (a worker runs under its script's).
  const appPolicy = appContentSecurityPolicy(config.cspExtraOrigins);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) {
      const pathname = request.url.split('?')[0] ?? '/';
      void reply.header(
        'content-security-policy',
        isAppFile(pathname) ? appPolicy : API_CONTENT_SECURITY_POLICY,
      );
    }
    return payload;
  });
  // Before the static plugins, so the built app is compressed too. Answers under 1 KB are not
  // worth it; the plugin's default types leave text/event-stream alone, so live events are not
  // held back in a compression buffer. Request bodies are taken as sent (no gzip uploads).
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
  });
  // Bearer tokens, no cookies; browsers may call from the brands' own origins only, with every
  // method the catalogue uses (PATCH and DELETE are not CORS-safelisted: they need a preflight).
  const originAllowed = corsOriginAllowed(config);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && originAllowed(origin)),
    methods: [...CALL_METHODS],
    maxAge: 600,
  });
  // Limits are counted by the calls that have one (platform/http/rate-limits.ts).
  await app.register(rateLimit, { global: false });

  const { db } = database;
  const outbox = createOutboxRepository(db);
  const mailer =
    options.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom, outbox)
      : createOutboxMailer(outbox));
  const passwords = createPasswordHasher(options.argon2);
  const users = createUserRepository(db);
  const reference = createReferenceRepository(db);
  const mfaRepository = createMfaRepository(db);
  const tokens = createTokenService({
    jwtSecret: config.jwtSecret,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
    sessions: createSessionRepository(db),
    now,
  });
  const mfa = createMfaService({
    mfa: mfaRepository,
    users,
    tokens,
    mailer,
    codeKey: config.jwtSecret,
    now,
  });
  const auth = createAuthService({
    users,
    reference,
    userTokens: createUserTokenRepository(db),
    tokens,
    mfa,
    passwords,
    mailer,
    appUrl: config.appUrl,
    apiVersion: config.apiVersion,
    now,
  });
  const usersService = createUsersService({
    users,
    reference,
    mfa: mfaRepository,
    tokens,
    mailer,
    userView: createUserView(reference, mfaRepository),
    now,
  });

  const register = createCallRegistrar(app, (token) => tokens.authenticate(token));
  const limits = {
    ...DEFAULT_RATE_LIMITS,
    ...(config.loginRateLimit
      ? { login: { ...DEFAULT_RATE_LIMITS.login, max: config.loginRateLimit } }
      : {}),
    ...options.rateLimits,
  };
  registerAuthRoutes(register, auth, mfa, limits);
  registerUserRoutes(register, usersService);
  registerReferenceRoutes(register, createReferenceService(reference, config.apiVersion));
  const groups = registerGroups(app, register, { db, users, now });
  // With NATS_URL this node is one of several: commands and events cross them through NATS.
  const bus =
    options.bus ??
    (config.natsUrl
      ? await createNatsBus({ servers: config.natsUrl, subjectPrefix: config.natsSubjectPrefix })
      : createInProcessBus());
  if (!options.bus) app.addHook('onClose', () => bus.close());
  const severalNodes = config.natsUrl !== undefined;
  const chargers = createChargerRepository(db);
  const chargerService = createChargerService({
    chargers,
    users,
    passwords,
    memberTariff: groups.effectiveTariffFor,
    // A change notice lost while a node reconnects to NATS is made good within a minute.
    list: { bus, log: app.log, ...(severalNodes ? { maxAgeMs: 60_000 } : {}) },
  });
  registerChargerRoutes(register, chargerService);
  app.addHook('onClose', () => Promise.resolve(chargerService.close()));
  const transactions = createTransactionLedger(db);
  const commands = createChargerCommands(bus, options.ocpp?.commandTimeoutMs);
  const chargingSessions = createChargingSessionRepository(db);
  // The payments module decorates app.payments when it registers; read it when a session needs it.
  const sessionPayments: SessionPayments = {
    authoriseStart: (input) => app.payments.authoriseStart(input),
    settle: (input) => app.payments.settle(input),
    release: (input) => app.payments.release(input),
    cardSessionSource: (input) => app.payments.cardSessionSource(input),
    holdDefaultCard: (input) => app.payments.holdDefaultCard(input),
  };
  const sessionService = createSessionService({
    sessions: chargingSessions,
    transactions,
    chargers,
    users,
    reference,
    commands,
    payments: sessionPayments,
    mailer,
    bus,
    now,
    memberTariff: groups.effectiveTariffFor,
    startTimeoutMs:
      options.sessions?.startTimeoutMs ??
      (config.sessionStartTimeoutSeconds && config.sessionStartTimeoutSeconds * 1000),
    settlementRetryMs:
      options.sessions?.settlementRetryMs ??
      (config.settlementRetryAfterSeconds && config.settlementRetryAfterSeconds * 1000),
    unplugWaitLimitMs:
      options.sessions?.unplugWaitLimitMs ??
      (config.unplugWaitLimitSeconds && config.unplugWaitLimitSeconds * 1000),
    log: app.log,
  });
  const centralSystem = createCentralSystem({
    chargers,
    passwords,
    transactions,
    bus,
    sessions: sessionService,
    now,
    heartbeatSeconds: options.ocpp?.heartbeatSeconds,
    pingIntervalMs: options.ocpp?.pingIntervalMs,
    handshakeLimit: options.ocpp?.handshakeLimit,
    trustProxy: config.trustProxy,
    log: app.log,
  });
  app.decorate('ocpp', {
    commands,
    transactions,
    bus,
  });
  centralSystem.attach(app.server);
  // Charges hold exactly the pre-authorisation the charger's page shows.
  const chargerCalls = createChargerCallsService({
    chargers,
    transactions,
    commands: app.ocpp.commands,
    memberTariff: groups.effectiveTariffFor,
    now,
  });
  registerChargerCallRoutes(register, chargerCalls);
  registerChargerLiveEvents(app, {
    bus,
    chargers,
    authenticate: (token) => tokens.authenticate(token),
    keepAliveMs: options.liveEvents?.keepAliveMs,
  });
  // One process holds every charger socket: at start none is connected yet. Among several, the
  // others may hold some: only chargers silent for longer than missed heartbeats allow are Offline.
  app.addHook('onReady', () =>
    severalNodes
      ? chargers.markSilentOffline(
          new Date(
            now().getTime() -
              (options.ocpp?.heartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS) *
                1000 *
                MISSED_HEARTBEATS,
          ),
        )
      : chargers.markAllOffline(),
  );
  app.addHook('onClose', () => centralSystem.close());
  await registerPayments(app, register, {
    config,
    db,
    users,
    chargers,
    preauth: (chargerId, userId) => chargerCalls.preauth(chargerId, userId),
    now,
    intentSweepIntervalMs: options.payments?.intentSweepIntervalMs,
    onBalanceDebited: createCreditLowAlert({
      users,
      reference,
      mailer,
      appUrl: config.appUrl,
      log: app.log,
    }),
  });
  registerSessionRoutes(register, sessionService);
  registerSessionLiveEvents(app, {
    bus,
    sessions: chargingSessions,
    service: sessionService,
    authenticate: (token) => tokens.authenticate(token),
  });
  app.addHook('onClose', () => sessionService.close());
  registerHistoryRoutes(
    register,
    createHistoryService({ history: createHistoryRepository(db), users, reference, now }),
  );
  registerRfidRoutes(register, createRfidService({ db }));
  registerGuestRoutes(
    register,
    createGuestService({ guests: createGuestRepository(db), tokens, now }),
    limits,
  );

  await app.register(fastifyStatic, {
    root: CAR_ASSETS_DIR,
    prefix: `${API_PREFIX}/assets/cars/`,
    decorateReply: false,
    maxAge: '1d',
  });
  registerBrandRoutes(app);
  if (config.nodeEnv !== 'production') registerDevMailRoutes(app, outbox);
  const appRoot = existsSync(path.join(config.staticDir, 'index.html'))
    ? config.staticDir
    : undefined;
  // Files are looked up on disk at each request (not listed once at start-up), so a rebuilt app
  // is served whole; what is not there falls through to the handler below.
  if (appRoot) await app.register(fastifyStatic, { root: appRoot, prefix: '/' });
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (appRoot && request.method === 'GET' && isAppRoute(pathname) && !isAssetPath(pathname)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', appRoot);
    }
    return reply
      .status(404)
      .send({ message: `No such call: ${request.method} ${pathname}`, code: 'NOT_FOUND' });
  });

  return app;
}

/**
 * A missing file of the built app (a script, a style, an image): answered 404, never the app's
 * page, which a browser would refuse as a script and show nothing.
 */
function isAssetPath(pathname: string): boolean {
  return (
    pathname.startsWith('/assets/') ||
    /\.(?:m?js|css|map|json|webmanifest|png|jpe?g|svg|webp|ico|woff2?|txt|wasm)$/i.test(pathname)
  );
}

/** The built app's pages and files, and the development mail pages: not the API's answers. */
function isAppFile(pathname: string): boolean {
  return ![API_PREFIX, '/ocpp', '/brand-icon', '/manifest.webmanifest'].some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

/** Paths the driver app's router owns: anything outside the API, the dev pages and OCPP. */
function isAppRoute(pathname: string): boolean {
  return !NON_APP_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}
