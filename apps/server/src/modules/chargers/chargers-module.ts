import type { Driver } from '../../platform/driver.ts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TariffData } from '@evc/contract';
import type { Bus } from '../../platform/bus/bus.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Authenticate, RegisterCall } from '../../platform/http/call-registrar.ts';
import type { PasswordHasher } from '../../platform/passwords.ts';
import type { ChargerCommands } from '../charge-point/charger-commands.ts';
import type { TransactionLedger } from '../charge-point/transaction-ledger.ts';
import type { UserRepository } from '../users/repository.ts';
import { registerChargerCallRoutes } from './charger-calls-routes.ts';
import { createChargerPrices } from './charger-prices.ts';
import { createChargerCallsService } from './charger-calls-service.ts';
import { connectorsInTransactionOf } from './connectors-in-transaction.ts';
import { createChargerReports } from './charger-reports.ts';
import { registerChargerLiveEvents } from './live-events.ts';
import { createNodePresence } from './node-presence.ts';
import { createChargerRepository } from './repository.ts';
import { registerChargerRoutes } from './routes.ts';
import { createChargerService } from './service.ts';

export interface ChargersModuleDeps {
  db: Db;
  users: UserRepository;
  passwords: PasswordHasher;
  bus: Bus;
  commands: ChargerCommands;
  transactions: TransactionLedger;
  /** The driver's own tariff at a charger through a group they joined, or null. */
  memberTariff: (userId: string, chargerId: string) => Promise<TariffData | null>;
  /** The same at several chargers at once: where a group's tariff applies, by charger id. */
  memberTariffs: (
    userId: string,
    chargerIds: readonly string[],
  ) => Promise<Map<string, TariffData>>;
  /** With NATS, this node is one of several and their charger lists follow each other's writes. */
  severalNodes: boolean;
  authenticate: Authenticate;
  /** Live event streams' keep-alive interval (tests shorten it). */
  keepAliveMs?: number;
  /** NODE_TIMEOUT: a node silent this long is dead to the others (ADR 0031). */
  nodeTimeoutSeconds?: number;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * The chargers: operator provisioning, the driver's look-ups, the public list, the calls about a
 * charger's sessions, their live events, and what connected chargers report about themselves.
 */
export function createChargersModule(deps: ChargersModuleDeps) {
  const chargers = createChargerRepository(deps.db);
  const connectorsInTransaction = connectorsInTransactionOf(deps.transactions);
  const service = createChargerService({
    chargers,
    connectorsInTransaction,
    users: deps.users,
    passwords: deps.passwords,
    memberTariff: deps.memberTariff,
    // A change notice lost while a node reconnects to NATS is made good within a minute.
    list: { bus: deps.bus, log: deps.log, ...(deps.severalNodes ? { maxAgeMs: 60_000 } : {}) },
  });
  // Charges hold exactly the pre-authorisation the charger's page shows.
  const calls = createChargerCallsService({
    chargers,
    transactions: deps.transactions,
    commands: deps.commands,
    memberTariff: deps.memberTariff,
    now: deps.now,
  });

  const prices = createChargerPrices({ db: deps.db, memberTariffs: deps.memberTariffs });

  const reports = createChargerReports({
    chargers,
    passwords: deps.passwords,
    bus: deps.bus,
    now: deps.now,
  });
  const presence = createNodePresence({
    chargers,
    timeoutSeconds: deps.nodeTimeoutSeconds,
    wentOffline: reports.wentOffline,
    now: deps.now,
    log: deps.log,
  });

  return {
    chargers,
    reports,
    /** This node's presence among the nodes, and who holds which charger (ADR 0031). */
    presence,
    /** A user's hold at a charger (the payment calls that ask are users' only so far). */
    /** A guest's hold is the public tariff's; a user's counts their group's tariff. */
    preauth: (chargerId: string, driver: Driver) =>
      calls.preauth(chargerId, {
        userId: driver.id,
        scope: driver.kind === 'guest' ? 'guest' : 'full',
      }),
    connectorsOf: async (chargerId: string): Promise<number[] | undefined> =>
      (await chargers.findById(chargerId))?.connectors.map(
        (connector) => connector.connectorNumber,
      ),
    registerRoutes(app: FastifyInstance, register: RegisterCall): void {
      registerChargerRoutes(register, service);
      registerChargerCallRoutes(register, calls);
      register('listChargerPrices', ({ auth, body }) => prices(body.barcodes, auth));
      registerChargerLiveEvents(app, {
        bus: deps.bus,
        chargers,
        connectorsInTransaction,
        authenticate: deps.authenticate,
        keepAliveMs: deps.keepAliveMs,
      });
      // Announced before the chargers can connect (the server listens once ready); gone after
      // the central system let go of its chargers (preClose).
      app.addHook('onReady', () => presence.start());
      app.addHook('onClose', () => presence.stop());
      app.addHook('onClose', () => Promise.resolve(service.close()));
    },
  };
}

export type ChargersModule = ReturnType<typeof createChargersModule>;
