import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { RPCServer } from 'ocpp-rpc';
// The errors are re-exported by the package's index with a spread, which Node's ESM loader cannot
// see through: they are imported from their own module.
import { RPCError, RPCInternalError, TimeoutError } from 'ocpp-rpc/lib/errors';
import type RPCServerClient from 'ocpp-rpc/lib/server-client';
import type { IHandshakeInterface } from 'ocpp-rpc/lib/server-client';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { ChargerRepository } from '../chargers/repository.ts';
import type { ChargerRow } from '../../platform/db/schema.ts';
import { BusTimeoutError, type Bus } from '../../platform/bus/bus.ts';
import {
  chargerCommandSubject,
  type ChargerCommandRequest,
} from '../charge-point/charger-commands.ts';
import { readMeterValues } from '../charge-point/meter-values.ts';
import type { TransactionLedger } from '../charge-point/transaction-ledger.ts';
import {
  CHARGER_LIVE_SUBJECT,
  TRANSACTION_METER_SUBJECT,
  TRANSACTION_STARTED_SUBJECT,
  TRANSACTION_STOPPED_SUBJECT,
  type ChargerChanged,
  type TransactionMeter,
  type TransactionStarted,
  type TransactionStopped,
} from './events.ts';
import {
  createHandshakeThrottle,
  DEFAULT_HANDSHAKE_LIMIT,
  type HandshakeLimit,
} from './handshake-throttle.ts';
import { ocpp16Validator } from './ocpp16-validator.ts';

export const OCPP_PATH = '/ocpp/';
/** spec 000 §4: how often a charger is asked to send a Heartbeat. */
export const DEFAULT_HEARTBEAT_SECONDS = 60;
/** A charger that has said nothing for this many heartbeat intervals is Offline. */
export const MISSED_HEARTBEATS = 3;

/**
 * What the charging sessions do with what a charger reports, called once it is stored. Replays
 * call them again: they must take a message twice as once.
 */
export interface TransactionHooks {
  transactionStarted(tx: {
    transactionId: number;
    chargerId: string;
    connectorNumber: number;
    idTag: string;
    meterStartWh: number;
    startedAt: Date;
  }): Promise<'Blocked' | null>;
  /** Samples of one charger: its own transaction's, or of none. */
  metered(
    samples: {
      chargerId: string;
      transactionId: number | null;
      energyWh: number | null;
      powerW: number | null;
      sampledAt: Date;
    }[],
  ): Promise<void>;
  transactionStopped(tx: {
    transactionId: number;
    /** The charger whose transaction it is, which sent the stop. */
    chargerId: string;
    meterStopWh: number;
    stoppedAt: Date;
    /** StopTransaction's reason (OCPP 1.6 Reason), when the charger gave one. */
    reason: string | null;
  }): Promise<void>;
  connectorStatus(report: {
    chargerId: string;
    connectorNumber: number;
    status: string;
    reportedAt: Date;
  }): Promise<void>;
  /** Whether a driver's RFID card may start a charge here now (it must be paid for). */
  cardStatus?(input: { chargerId: string; userId: string }): Promise<'Accepted' | 'Blocked'>;
}

export interface CentralSystemDeps {
  chargers: ChargerRepository;
  passwords: PasswordHasher;
  transactions: TransactionLedger;
  bus: Bus;
  /** The charging sessions, told of starts, samples, stops and statuses. */
  sessions?: TransactionHooks;
  now: () => Date;
  heartbeatSeconds?: number;
  /** Keep-alive pings and offline sweep; tests shorten them. */
  pingIntervalMs?: number;
  /** Failed handshakes allowed per charge point id and per address; tests lower them. */
  handshakeLimit?: HandshakeLimit;
  /** Behind a reverse proxy: the charger's address is the first of X-Forwarded-For. */
  trustProxy?: boolean;
  log: {
    error: (details: object, message: string) => void;
    warn: (details: object, message: string) => void;
    info: (details: object, message: string) => void;
  };
}

interface Session {
  chargerId: string;
}

type Params = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const integer = (value: unknown) => (typeof value === 'number' ? Math.round(value) : 0);
/** A report's own time when it carries a valid one (late messages keep their order), else now. */
function reportedAt(params: Params, now: Date): Date {
  const stamp = text(params.timestamp);
  const parsed = stamp ? new Date(stamp) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : now;
}

/** Whether a charger may connect with the password it presented with HTTP Basic auth, if any. */
async function presentsItsPassword(
  passwords: PasswordHasher,
  charger: ChargerRow | undefined,
  password: string | undefined,
): Promise<boolean> {
  if (charger?.passwordHash) {
    return password !== undefined && passwords.verify(charger.passwordHash, password);
  }
  // As slow as a real check, so that the time taken does not tell which identities exist.
  if (password !== undefined) await passwords.verifyNothing(password);
  return charger?.allowNoPassword ?? false;
}

/** Where a handshake comes from: behind a trusted proxy, the first X-Forwarded-For address. */
function handshakeAddress(handshake: IHandshakeInterface, trustProxy: boolean): string {
  const forwarded = trustProxy ? handshake.headers['x-forwarded-for'] : undefined;
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || (handshake.remoteAddress ?? 'unknown');
}

/**
 * OCPP 1.6J central system at ws(s)://HOST/ocpp/{chargePointId}, subprotocol ocpp1.6 required,
 * strict schema validation. A charger presents its password with HTTP Basic auth; one without a
 * password connects only if an operator provisioned it so. An unknown identity and a wrong
 * password are answered alike, and failures are throttled per identity and per address. A charger
 * is online while its socket is open and it keeps talking; a lost socket or missed heartbeats make
 * it Offline.
 */
export function createCentralSystem(deps: CentralSystemDeps) {
  const heartbeatSeconds = deps.heartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS;
  const pingIntervalMs = deps.pingIntervalMs ?? 30_000;
  const server = new RPCServer({
    protocols: ['ocpp1.6'],
    strictMode: true,
    strictModeValidators: [ocpp16Validator],
    pingIntervalMs,
  });
  /** The live connection of each charger (by charger id) and when it last said anything. */
  const live = new Map<string, { client: RPCServerClient; lastSeen: number }>();
  const throttle = createHandshakeThrottle(deps.handshakeLimit ?? DEFAULT_HANDSHAKE_LIMIT, () =>
    deps.now().getTime(),
  );

  server.auth((accept, reject, handshake) => {
    void (async () => {
      // ocpp-rpc takes a client offering no subprotocol, and then validates none of its messages.
      if (!handshake.protocols.has('ocpp1.6')) return reject(400, 'Subprotocol ocpp1.6 required');
      const address = handshakeAddress(handshake, deps.trustProxy ?? false);
      const keys = [`identity:${handshake.identity}`, `address:${address}`];
      if (throttle.refuses(keys)) return reject(429, 'Too many failed attempts');
      const charger = await deps.chargers.findByChargePointId(handshake.identity);
      const password = handshake.password?.toString('utf8');
      const presented = await presentsItsPassword(deps.passwords, charger, password);
      if (!charger || !presented) {
        throttle.failed(keys);
        deps.log.warn(
          { identity: handshake.identity, address, known: charger !== undefined },
          'charger handshake refused',
        );
        return reject(401, 'Unauthorized');
      }
      accept({ chargerId: charger.id } satisfies Session, 'ocpp1.6');
    })().catch((error: unknown) => {
      deps.log.error({ err: error, identity: handshake.identity }, 'charger handshake failed');
      reject(500, 'Internal error');
    });
  });

  const seen = (chargerId: string) => {
    const entry = live.get(chargerId);
    if (entry) entry.lastSeen = Date.now();
  };

  const changed = (chargerId: string) =>
    deps.bus.publish(CHARGER_LIVE_SUBJECT, { chargerId } satisfies ChargerChanged);

  /** A session's trouble must not cost the charger its answer: it is logged instead. */
  async function tellSessions<T>(work: (hooks: TransactionHooks) => Promise<T>) {
    if (!deps.sessions) return undefined;
    return work(deps.sessions).catch((error: unknown) => {
      deps.log.warn({ error: String(error) }, 'charging session not updated');
      return undefined;
    });
  }

  async function markOffline(chargerId: string) {
    await deps.chargers.setCharger(chargerId, { online: false });
    changed(chargerId);
  }

  /**
   * Accepted for a tag the server issued or an RFID card linked to a driver who can pay for the
   * charge (Blocked when they cannot); Invalid otherwise, which the RFID wizard looks for. `tag`
   * is the tag as issued.
   */
  async function authorize(chargerId: string, idTag: string) {
    const tag = await deps.transactions.findTag(idTag);
    let status = tag ? 'Accepted' : 'Invalid';
    if (tag?.kind === 'rfid') {
      status = tag.userId
        ? ((await deps.sessions?.cardStatus?.({ chargerId, userId: tag.userId })) ?? 'Accepted')
        : 'Invalid';
    }
    await deps.transactions.recordAuthorize({ chargerId, idTag, status, attemptedAt: deps.now() });
    return { status, userId: tag?.userId ?? null, tag };
  }

  /**
   * Whose transaction a charger names. Transaction ids are issued here only: a message naming an
   * id never issued, or another charger's, changes nothing and is logged.
   */
  async function whoseTransaction(chargerId: string, transactionId: number, action: string) {
    const owner = (await deps.transactions.findById(transactionId))?.chargerId;
    if (owner === chargerId) return 'own';
    if (owner === undefined) {
      deps.log.warn(
        { chargerId, transactionId, action },
        'OCPP message names an unknown transaction',
      );
      return 'unknown';
    }
    deps.log.warn(
      { chargerId, ownerChargerId: owner, transactionId, action },
      "OCPP message names another charger's transaction: refused",
    );
    return 'foreign';
  }

  async function storeMeterValues(
    chargerId: string,
    connectorNumber: number,
    transactionId: number | null,
    entries: unknown,
  ) {
    const samples = readMeterValues(entries, deps.now()).map((sample) => ({
      chargerId,
      connectorNumber,
      transactionId,
      ...sample,
    }));
    await deps.transactions.addMeterValues(samples);
    await tellSessions((hooks) => hooks.metered(samples));
    for (const sample of samples) {
      deps.bus.publish(TRANSACTION_METER_SUBJECT, {
        ...sample,
        sampledAt: sample.sampledAt.toISOString(),
      } satisfies TransactionMeter);
    }
  }

  server.on('client', (client: RPCServerClient) => {
    const { chargerId } = client.session as Session;
    // A charger that reconnects replaces its previous connection.
    const previous = live.get(chargerId);
    live.set(chargerId, { client, lastSeen: Date.now() });
    if (previous)
      void previous.client.close({ code: 1000, reason: 'replaced by a new connection' });
    void deps.chargers.setCharger(chargerId, { online: true }).then(() => changed(chargerId));
    const stopResponding = deps.bus.respond(chargerCommandSubject(chargerId), (payload) => {
      const command = payload as ChargerCommandRequest;
      return client
        .call(command.action, command.params, { callTimeoutMs: command.timeoutMs })
        .catch((error: unknown) => {
          if (error instanceof TimeoutError) throw new BusTimeoutError(command.action);
          throw error;
        });
    });

    client.on('close', () => {
      if (live.get(chargerId)?.client !== client) return;
      stopResponding();
      live.delete(chargerId);
      void markOffline(chargerId);
    });

    /**
     * Every message a charger sends: what is wrong with the message itself is said in OCPP's
     * terms (the schema and string checks come first); anything else is logged and answered
     * with a bare InternalError, never with what went wrong inside.
     */
    const handle = (action: string, handler: (p: Params) => Promise<object>) =>
      client.handle(action, async ({ params }) => {
        seen(chargerId);
        try {
          return await handler((params ?? {}) as Params);
        } catch (error) {
          if (error instanceof RPCError) throw error;
          deps.log.error({ err: error, chargerId, action }, 'OCPP message not handled');
          throw new RPCInternalError('The message could not be handled');
        }
      });

    handle('BootNotification', async (p) => {
      await deps.chargers.setCharger(chargerId, {
        vendor: text(p.chargePointVendor),
        model: text(p.chargePointModel),
        serialNumber: text(p.chargePointSerialNumber) ?? text(p.chargeBoxSerialNumber),
        firmwareVersion: text(p.firmwareVersion),
        lastBootAt: deps.now(),
        online: true,
      });
      return {
        status: 'Accepted',
        currentTime: deps.now().toISOString(),
        interval: heartbeatSeconds,
      };
    });

    handle('Heartbeat', async () => {
      await deps.chargers.setCharger(chargerId, { lastHeartbeatAt: deps.now(), online: true });
      return { currentTime: deps.now().toISOString() };
    });

    handle('StatusNotification', async (p) => {
      const report = {
        chargerId,
        connectorNumber: typeof p.connectorId === 'number' ? p.connectorId : 0,
        status: text(p.status) ?? 'Unknown',
        reportedAt: reportedAt(p, deps.now()),
      };
      await deps.chargers.recordStatus({
        ...report,
        errorCode: text(p.errorCode) === 'NoError' ? null : text(p.errorCode),
      });
      changed(chargerId);
      await tellSessions((hooks) => hooks.connectorStatus(report));
      return {};
    });

    handle('Authorize', async (p) => {
      const { status } = await authorize(chargerId, text(p.idTag) ?? '');
      return { idTagInfo: { status } };
    });

    // Late, replayed or out-of-order transaction messages are taken and reconciled: a charger
    // that was offline replays what it queued. Each must name a transaction of its own charger.
    handle('StartTransaction', async (p) => {
      const idTag = text(p.idTag) ?? '';
      const { status, userId, tag } = await authorize(chargerId, idTag);
      // A tag issued for one remote start starts one transaction (a replay of it is the same one).
      const first =
        tag?.kind === 'remote' ? await deps.transactions.firstWithTag(tag.idTag) : undefined;
      const { row, created } = await deps.transactions.start({
        chargerId,
        connectorNumber: integer(p.connectorId),
        idTag,
        userId: first ? null : userId,
        meterStartWh: integer(p.meterStart),
        startedAt: reportedAt(p, deps.now()),
      });
      if (created) {
        deps.bus.publish(TRANSACTION_STARTED_SUBJECT, {
          transactionId: row.transactionId,
          chargerId,
          connectorNumber: row.connectorNumber,
          idTag,
          userId: row.userId,
          meterStartWh: row.meterStartWh ?? 0,
          startedAt: (row.startedAt ?? deps.now()).toISOString(),
        } satisfies TransactionStarted);
      }
      if (first && first.transactionId !== row.transactionId) {
        // OCPP 1.6 §7.23: ConcurrentTx while its transaction runs. No session is told: nobody is
        // billed for this one, and the charger is to stop it.
        deps.log.warn(
          { chargerId, transactionId: row.transactionId, firstTransactionId: first.transactionId },
          'a remote start id tag used again: refused',
        );
        const refusal = first.stoppedAt ? 'Invalid' : 'ConcurrentTx';
        return { transactionId: row.transactionId, idTagInfo: { status: refusal } };
      }
      // The card's owner may turn out unable to pay (their card refused off-session): Blocked
      // tells the charger to end the transaction (OCPP 1.6 §4.8).
      const verdict = await tellSessions((hooks) =>
        hooks.transactionStarted({
          transactionId: row.transactionId,
          chargerId,
          connectorNumber: row.connectorNumber,
          idTag,
          meterStartWh: row.meterStartWh ?? 0,
          startedAt: row.startedAt ?? deps.now(),
        }),
      );
      return { transactionId: row.transactionId, idTagInfo: { status: verdict ?? status } };
    });

    handle('StopTransaction', async (p) => {
      const transactionId = integer(p.transactionId);
      const answer = (status: string) => (text(p.idTag) ? { idTagInfo: { status } } : {});
      const stop = await deps.transactions.stop({
        transactionId,
        chargerId,
        meterStopWh: integer(p.meterStop),
        stoppedAt: reportedAt(p, deps.now()),
        reason: text(p.reason),
      });
      if (!stop) {
        // OCPP 1.6 §4.10: a StopTransaction is answered all the same, lest it be sent forever.
        const whose = await whoseTransaction(chargerId, transactionId, 'StopTransaction');
        return answer(whose === 'foreign' ? 'Invalid' : 'Accepted');
      }
      const { row, changed: stopped } = stop;
      await storeMeterValues(chargerId, row.connectorNumber, transactionId, p.transactionData);
      if (stopped) {
        deps.bus.publish(TRANSACTION_STOPPED_SUBJECT, {
          transactionId,
          chargerId,
          meterStartWh: row.meterStartWh,
          meterStopWh: row.meterStopWh ?? integer(p.meterStop),
          stoppedAt: (row.stoppedAt ?? deps.now()).toISOString(),
          reason: row.stopReason,
          userId: row.userId,
        } satisfies TransactionStopped);
      }
      if (row.stoppedAt) {
        const stoppedAt = row.stoppedAt;
        await tellSessions((hooks) =>
          hooks.transactionStopped({
            transactionId,
            chargerId,
            meterStopWh: row.meterStopWh ?? integer(p.meterStop),
            stoppedAt,
            reason: row.stopReason,
          }),
        );
      }
      return answer('Accepted');
    });

    handle('MeterValues', async (p) => {
      const transactionId = typeof p.transactionId === 'number' ? p.transactionId : null;
      // MeterValues.conf has no refusal: samples naming a transaction not the charger's are dropped.
      if (
        transactionId !== null &&
        (await whoseTransaction(chargerId, transactionId, 'MeterValues')) !== 'own'
      )
        return {};
      await storeMeterValues(chargerId, integer(p.connectorId), transactionId, p.meterValue);
      return {};
    });

    handle('DataTransfer', (p) => {
      deps.log.info({ chargerId, vendorId: text(p.vendorId) }, 'OCPP DataTransfer');
      // No vendor extension is known to this central system (OCPP 1.6 §6.17).
      return Promise.resolve({ status: 'UnknownVendorId' });
    });

    handle('DiagnosticsStatusNotification', (p) => {
      deps.log.info({ chargerId, status: text(p.status) }, 'OCPP diagnostics status');
      return Promise.resolve({});
    });

    handle('FirmwareStatusNotification', (p) => {
      deps.log.info({ chargerId, status: text(p.status) }, 'OCPP firmware status');
      return Promise.resolve({});
    });

    client.on('badMessage', ({ error }: { error: Error }) => {
      deps.log.warn({ chargerId, error: error.message }, 'OCPP message refused');
    });
  });

  // Missed heartbeats: a charger silent for several intervals is Offline and its socket closed.
  const sweep = setInterval(
    () => {
      const limit = Date.now() - heartbeatSeconds * 1000 * MISSED_HEARTBEATS;
      for (const [chargerId, entry] of live) {
        if (entry.lastSeen >= limit) continue;
        live.delete(chargerId);
        void markOffline(chargerId);
        void entry.client.close({ code: 1001, reason: 'missed heartbeats' });
      }
    },
    Math.min(pingIntervalMs, heartbeatSeconds * 1000),
  );
  sweep.unref();

  return {
    /** Takes WebSocket upgrades for /ocpp/{id}; any other upgrade is refused. */
    attach(httpServer: Server) {
      httpServer.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (!request.url?.startsWith(OCPP_PATH)) {
          socket.destroy();
          return;
        }
        // Node types the upgrade socket as a Duplex; over HTTP it is always a net.Socket.
        void server.handleUpgrade(request, socket as Socket, head);
      });
    },

    isOnline: (chargerId: string) => live.has(chargerId),

    async close() {
      clearInterval(sweep);
      await server.close({ code: 1001, reason: 'central system shutting down', force: true });
      for (const chargerId of live.keys()) await markOffline(chargerId);
      live.clear();
    },
  };
}

export type CentralSystem = ReturnType<typeof createCentralSystem>;
