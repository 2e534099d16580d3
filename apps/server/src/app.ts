import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { serveDriverApp } from './driver-app-files.ts';
import { createHttpServer } from './http-server.ts';
import { createAuthModule } from './modules/auth/auth-module.ts';
import { registerBrandRoutes } from './modules/brands/routes.ts';
import { createChargersModule } from './modules/chargers/chargers-module.ts';
import type { NodePresence } from './modules/chargers/node-presence.ts';
import { createChargerOwners } from './modules/chargers/node-statements.ts';
import { createHomeModule } from './modules/home/home-module.ts';
import { createGroupsModule, type GroupsModule } from './modules/groups/groups-module.ts';
import type { GuestPurge } from './modules/guests/guest-purge.ts';
import { createGuestsModule } from './modules/guests/guests-module.ts';
import { createGuestHandover } from './modules/guests/handover.ts';
import { createGuestRepository } from './modules/guests/repository.ts';
import { createHistoryModule } from './modules/history/history-module.ts';
import { createMailModule } from './modules/mail/mail-module.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import { createChargePointModule } from './modules/charge-point/charge-point-module.ts';
import type { ChargerCommands } from './modules/charge-point/charger-commands.ts';
import type { TransactionLedger } from './modules/charge-point/transaction-ledger.ts';
import type { HandshakeLimit } from './modules/ocpp/handshake-throttle.ts';
import { createOcppModule } from './modules/ocpp/ocpp-module.ts';
import type { AbandonedIntentSweep } from './modules/payments/abandoned-intents.ts';
import { createPaymentsModule } from './modules/payments/payments-module.ts';
import type { SessionPayments } from './modules/payments/session-payments.ts';
import { createReferenceModule } from './modules/reference/reference-module.ts';
import { createRfidModule } from './modules/rfid/rfid-module.ts';
import { createSessionsModule } from './modules/sessions/sessions-module.ts';
import { createSupportModule } from './modules/support/support-module.ts';
import { createUserRepository } from './modules/users/repository.ts';
import { createUsersModule } from './modules/users/users-module.ts';
import type { Bus } from './platform/bus/bus.ts';
import { createInProcessBus } from './platform/bus/in-process-bus.ts';
import { createNatsBus } from './platform/bus/nats-bus.ts';
import type { AppConfig } from './platform/config.ts';
import type { Database } from './platform/db/database.ts';
import { migrationCheck } from './platform/db/migrate.ts';
import { registerDrain, type Drain } from './platform/http/drain.ts';
import { endEventStreamsOnClose } from './platform/http/event-stream.ts';
import { registerHealth } from './platform/http/health.ts';
import { createMetrics, registerMetrics, timedBus } from './platform/metrics/metrics.ts';
import { countOpenSessionsByState } from './modules/sessions/charging-session-repository.ts';
import {
  createCallRegistrar,
  type Authenticate,
  type StaffGate,
} from './platform/http/call-registrar.ts';
import {
  DEFAULT_RATE_LIMITS,
  type RateLimit,
  type RateLimitedCall,
} from './platform/http/rate-limits.ts';
import { createPasswordHasher, type Argon2Cost } from './platform/passwords.ts';

export { CAR_ASSETS_DIR } from './driver-app-files.ts';

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
  /** false for none; a logger of the caller's (tests read what is logged). */
  logger?: boolean | FastifyBaseLogger;
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
  sessions?: {
    startTimeoutMs?: number;
    settlementRetryMs?: number;
    unplugWaitLimitMs?: number;
    abandonAfterMs?: number;
  };
  /** Live event streams' keep-alive interval (tests shorten it). */
  liveEvents?: { keepAliveMs?: number };
  /** How often the abandoned-intent sweep runs (tests shorten it). */
  payments?: { intentSweepIntervalMs?: number };
  /** How often the idle-guest purge runs (tests call it directly). */
  guests?: { purgeIntervalMs?: number };
}

/** The services composed behind the HTTP app that tests reach past the calls. */
export interface AppServices {
  bus: Bus;
  commands: ChargerCommands;
  transactions: TransactionLedger;
  sessionPayments: SessionPayments;
  intentSweep: Pick<AbandonedIntentSweep, 'passes'>;
  groups: Pick<GroupsModule, 'effectiveTariffFor'>;
  guestPurge: Pick<GuestPurge, 'purgeOnce'>;
  /** This node's presence among the nodes (ADR 0031). */
  presence: NodePresence;
  /** How the node stops without failing anyone (ADR 0034). */
  drain: Drain;
}

const seconds = (value: number | undefined) => value && value * 1000;

/**
 * The server: every module built from the ones it depends on, then their routes on one HTTP app.
 * Modules import one way (ARCHITECTURE.md); where a lower module needs something of a higher one
 * at run time, it declares a narrow function and is handed it here.
 */
export async function buildApp(
  options: BuildAppOptions,
): Promise<{ app: FastifyInstance; services: AppServices }> {
  const { config } = options;
  const { db } = options.database;
  const now = options.now ?? (() => new Date());
  const app = await createHttpServer(config, options);
  const log = app.log;
  const metrics = config.metricsToken
    ? createMetrics({
        poolUse: options.database.poolUse,
        openSessionsByState: () => countOpenSessionsByState(db),
        // The central system is built below; a scrape comes once the app is up.
        connectedChargers: () => ocpp.connectedChargers(),
      })
    : undefined;
  registerMetrics(app, config.metricsToken, metrics);
  if (metrics) {
    options.database.observeStatements(metrics.observeStatement);
    app.addHook('onClose', () => options.database.observeStatements(undefined));
  }
  const openedBus = options.bus ?? (await openBus(config));
  if (!options.bus) app.addHook('onClose', () => openedBus.close());
  const bus = metrics ? timedBus(openedBus, metrics) : openedBus;
  const severalNodes = config.natsUrl !== undefined;
  // Not ready from the moment the node is told to stop, or begins to close (ADR 0034).
  const drain = registerDrain(app);
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  endEventStreamsOnClose(app);
  registerHealth(app, {
    draining: () => closing || drain.draining(),
    answered: drain.probed,
    database: migrationCheck(options.database),
    ...(severalNodes ? { nats: () => bus.connected() } : {}),
  });
  const passwords = createPasswordHasher(options.argon2);
  const limits = {
    ...DEFAULT_RATE_LIMITS,
    ...(config.loginRateLimit
      ? { login: { ...DEFAULT_RATE_LIMITS.login, max: config.loginRateLimit } }
      : {}),
    ...options.rateLimits,
  };

  const mail = createMailModule({ db, config, mailer: options.mailer });
  const { mailer } = mail;
  const referenceData = createReferenceModule({ db, apiVersion: config.apiVersion });
  const { reference } = referenceData;
  const userRecords = createUserRepository(db);
  // The account calls show and end what auth keeps (second factors, sign-in sessions): auth is
  // built first and hands them that part; users imports nothing of auth.
  // A registration may name a guest (issue 15); the guest records sit below auth's callers.
  const guestRecords = createGuestRepository(db);
  const auth = createAuthModule({
    db,
    bus,
    guests: createGuestHandover({ db, guests: guestRecords, bus, now }),
    config,
    users: userRecords,
    reference,
    passwords,
    mailer,
    limits,
    now,
  });
  const { commands, transactions } = createChargePointModule({
    db,
    bus,
    // A command goes to the live node holding the charger's latest connection (ADR 0031).
    ownerOf: createChargerOwners(db).liveOwnerOf,
    commandTimeoutMs: options.ocpp?.commandTimeoutMs,
    observeCommand: metrics?.observeCommand,
  });
  const groups = createGroupsModule({ db, users: userRecords, now });
  // The live event streams authenticate outside the call registrar: a masquerade token's use of
  // them is audited too (issue 18), by the support module, built last.
  const streamAudit: { record?: StaffGate['recordMasquerade'] } = {};
  const authenticateStream =
    (stream: string): Authenticate =>
    async (token) => {
      const context = await auth.authenticate(token);
      if (context.masquerade) await streamAudit.record?.(context, stream, 'done');
      return context;
    };
  const chargers = createChargersModule({
    db,
    users: userRecords,
    passwords,
    bus,
    commands,
    transactions,
    memberTariff: groups.effectiveTariffFor,
    memberTariffs: groups.effectiveTariffsFor,
    severalNodes,
    authenticate: authenticateStream('chargerEvents'),
    keepAliveMs: options.liveEvents?.keepAliveMs,
    nodeTimeoutSeconds: config.nodeTimeoutSeconds,
    now,
    log,
  });
  const payments = await createPaymentsModule({
    config,
    db,
    users: userRecords,
    reference,
    mailer,
    guests: guestRecords,
    connectorsOf: chargers.connectorsOf,
    preauth: chargers.preauth,
    now,
    intentSweepIntervalMs: options.payments?.intentSweepIntervalMs,
    observePayment: metrics?.observePayment,
    log,
  });
  const users = createUsersModule({
    users: userRecords,
    reference,
    security: auth.accountSecurity,
    mailer,
    now,
    beforeRefreshedBalance: payments.syncTopUps,
  });
  const sessions = createSessionsModule({
    db,
    transactions,
    chargers: chargers.chargers,
    users: userRecords,
    guests: guestRecords,
    reference,
    commands,
    payments: payments.sessionPayments,
    mailer,
    bus,
    now,
    memberTariff: groups.effectiveTariffFor,
    startTimeoutMs: options.sessions?.startTimeoutMs ?? seconds(config.sessionStartTimeoutSeconds),
    settlementRetryMs:
      options.sessions?.settlementRetryMs ?? seconds(config.settlementRetryAfterSeconds),
    unplugWaitLimitMs:
      options.sessions?.unplugWaitLimitMs ?? seconds(config.unplugWaitLimitSeconds),
    abandonAfterMs: options.sessions?.abandonAfterMs ?? seconds(config.sessionAbandonAfterSeconds),
    authenticate: authenticateStream('sessionEvents'),
    keepAliveMs: options.liveEvents?.keepAliveMs,
    log,
  });
  const home = createHomeModule({
    db,
    chargers: chargers.chargers,
    users: userRecords,
    commands,
    claimLimit: limits.claimCharger,
    now,
    log,
  });
  const ocpp = createOcppModule({
    chargers: chargers.reports,
    transactions,
    bus,
    presence: chargers.presence,
    sessions: sessions.service,
    chargerReady: home.chargerReady,
    now,
    heartbeatSeconds: options.ocpp?.heartbeatSeconds,
    pingIntervalMs: options.ocpp?.pingIntervalMs,
    handshakeLimit: options.ocpp?.handshakeLimit,
    trustProxy: config.trustProxy,
    messages: metrics?.ocppMessages,
    severalNodes,
    log,
  });
  drain.onCut(ocpp.cut);
  const history = createHistoryModule({
    db,
    users: userRecords,
    guests: guestRecords,
    reference,
    now,
  });
  const rfid = createRfidModule({ db });
  const guests = createGuestsModule({
    db,
    records: guestRecords,
    tokens: auth.tokens,
    limits,
    now,
    purgeIntervalMs: options.guests?.purgeIntervalMs,
    log,
  });

  // Support sits on top (issue 18): its gate checks staff on every console call and audits every
  // call made with a masquerade token.
  const support = createSupportModule({
    db,
    users: userRecords,
    refunds: payments.refunds,
    sessions: sessions.service,
    commands,
    startMasquerade: (input) => auth.tokens.startMasquerade(input),
    now,
  });

  streamAudit.record = (context, stream, outcome) =>
    support.gate.recordMasquerade(context, stream, outcome);
  const register = createCallRegistrar(app, auth.authenticate, support.gate);
  auth.registerRoutes(register);
  users.registerRoutes(register);
  referenceData.registerRoutes(register);
  groups.registerRoutes(register);
  // Closed in the reverse order: sessions first, the charger list and the bus last.
  chargers.registerRoutes(app, register);
  home.registerRoutes(register);
  ocpp.registerRoutes(app);
  await payments.registerRoutes(app, register);
  sessions.registerRoutes(app, register);
  history.registerRoutes(register);
  rfid.registerRoutes(register);
  guests.registerRoutes(app, register);
  support.registerRoutes(register);
  registerBrandRoutes(app);
  mail.registerRoutes(app);
  await serveDriverApp(app, config);

  return {
    app,
    services: {
      drain,
      bus,
      commands,
      transactions,
      sessionPayments: payments.sessionPayments,
      intentSweep: payments.intentSweep,
      groups,
      guestPurge: guests.purge,
      presence: chargers.presence,
    },
  };
}

/** With NATS_URL this node is one of several: commands and events cross them through NATS. */
function openBus(config: AppConfig): Promise<Bus> | Bus {
  return config.natsUrl
    ? createNatsBus({ servers: config.natsUrl, subjectPrefix: config.natsSubjectPrefix })
    : createInProcessBus();
}
