import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { RPCServer } from 'ocpp-rpc';
// The errors are re-exported by the package's index with a spread, which Node's ESM loader cannot
// see through: they are imported from their own module.
import { RPCError, RPCInternalError, TimeoutError } from 'ocpp-rpc/lib/errors';
import type RPCServerClient from 'ocpp-rpc/lib/server-client';
import type { IHandshakeInterface } from 'ocpp-rpc/lib/server-client';
import { BusTimeoutError, type Bus } from '../../platform/bus/bus.ts';
import type { ChargerReports } from '../chargers/charger-reports.ts';
import {
  chargerCommandSubject,
  type ChargerCommandRequest,
} from '../charge-point/charger-commands.ts';
import type { TransactionLedger } from '../charge-point/transaction-ledger.ts';
import { handleChargerMessages } from './charger-messages.ts';
import { logConnection, refusalReason, type ConnectionFacts } from './connection-log.ts';
import {
  createHandshakeThrottle,
  DEFAULT_HANDSHAKE_LIMIT,
  type HandshakeLimit,
} from './handshake-throttle.ts';
import type { MessageContext, OcppLog, TransactionHooks } from './message-context.ts';
import type { ChargePointRequests, HandleChargePointAction } from './ocpp16-messages.ts';
import { ocpp16Validator } from './ocpp16-validator.ts';
import { handleTransactionMessages } from './transaction-messages.ts';

export const OCPP_PATH = '/ocpp/';
/** spec 000 §4: how often a charger is asked to send a Heartbeat. */
export const DEFAULT_HEARTBEAT_SECONDS = 60;
/** A charger that has said nothing for this many heartbeat intervals is Offline. */
export const MISSED_HEARTBEATS = 3;

export interface CentralSystemDeps {
  /** Who may connect, and what chargers report about themselves. */
  chargers: ChargerReports;
  /** The transaction ledger: authorisations, transactions and their meter values. */
  transactions: TransactionLedger;
  bus: Bus;
  /** The charging sessions, told of starts, samples, stops and statuses. */
  sessions?: TransactionHooks;
  /** A charger connected, or booted: what it should hold may be sent to it again. */
  chargerReady?: (chargerId: string) => void;
  now: () => Date;
  heartbeatSeconds?: number;
  /** Keep-alive pings and offline sweep; tests shorten them. */
  pingIntervalMs?: number;
  /** Failed handshakes allowed per charge point id and per address; tests lower them. */
  handshakeLimit?: HandshakeLimit;
  /** Behind a reverse proxy: the charger's address is the first of X-Forwarded-For. */
  trustProxy?: boolean;
  log: OcppLog;
}

/** What the handshake learnt: an admitted charger, or a client that offered no ocpp1.6. */
type Session = ConnectionFacts & { admitted: boolean; home: boolean };

export const OCPP16 = 'ocpp1.6';
/** WebSocket close code for a client that agreed on no subprotocol (RFC 6455 §7.4.1). */
export const CLOSE_PROTOCOL_ERROR = 1002;

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
    protocols: [OCPP16],
    strictMode: true,
    strictModeValidators: [ocpp16Validator],
    pingIntervalMs,
  });
  /** The live connection of each charger (by charger id) and when it last said anything. */
  const live = new Map<string, { client: RPCServerClient; lastSeen: number }>();
  /** A charger's connection changed: kept, or logged when the database cannot take it (at shutdown). */
  const notKept = (chargerId: string, what: string) => (error: unknown) =>
    deps.log.warn({ err: error, chargerId }, what);
  const markOffline = (chargerId: string) =>
    void deps.chargers
      .disconnected(chargerId)
      .catch(notKept(chargerId, 'charger not marked offline'));
  const throttle = createHandshakeThrottle(deps.handshakeLimit ?? DEFAULT_HANDSHAKE_LIMIT, () =>
    deps.now().getTime(),
  );

  server.auth((accept, reject, handshake) => {
    const address = handshakeAddress(handshake, deps.trustProxy ?? false);
    const { identity } = handshake;
    const refuse = (status: number, message: string, reason: string) => {
      deps.log.warn({ identity, address, reason }, 'charger handshake refused');
      reject(status, message);
    };
    void (async () => {
      // OCPP-J 1.6 §4.1.2: with no subprotocol agreed, the handshake completes without one and
      // the connection is closed at once (on 'client' below); nothing the client sends is taken.
      if (!handshake.protocols.has(OCPP16)) {
        deps.log.warn(
          {
            identity,
            address,
            offered: [...handshake.protocols],
            reason: 'no ocpp1.6 subprotocol offered',
          },
          'charger handshake refused',
        );
        return accept(
          { chargerId: '', identity, address, admitted: false, home: false } satisfies Session,
          false,
        );
      }
      const keys = [`identity:${identity}`, `address:${address}`];
      if (throttle.refuses(keys))
        return refuse(429, 'Too many failed attempts', 'too many failed attempts');
      const admitted = await deps.chargers.admit(identity, handshake.password?.toString('utf8'));
      if (admitted.chargerId === null) {
        throttle.failed(keys);
        const reason = refusalReason({
          known: admitted.known,
          authorizationSent: handshake.headers.authorization !== undefined,
          passwordSent: handshake.password !== undefined,
        });
        return refuse(401, 'Unauthorized', reason);
      }
      const session: Session = {
        chargerId: admitted.chargerId,
        identity,
        address,
        admitted: true,
        home: admitted.home,
      };
      accept(session, OCPP16);
    })().catch((error: unknown) => {
      deps.log.error({ err: error, identity, address }, 'charger handshake failed');
      reject(500, 'Internal error');
    });
  });

  const seen = (chargerId: string) => {
    const entry = live.get(chargerId);
    if (entry) entry.lastSeen = Date.now();
  };

  server.on('client', (client: RPCServerClient) => {
    const { admitted, home, ...facts } = client.session as Session;
    if (!admitted || client.protocol !== OCPP16) {
      void client.close({ code: CLOSE_PROTOCOL_ERROR, reason: 'Subprotocol ocpp1.6 required' });
      return;
    }
    const { chargerId } = facts;
    deps.log.info({ ...facts, protocol: client.protocol }, 'charger connected');
    logConnection(client, facts, deps.log, Date.now());
    // A charger that reconnects replaces its previous connection.
    const previous = live.get(chargerId);
    live.set(chargerId, { client, lastSeen: Date.now() });
    if (previous)
      void previous.client.close({ code: 1000, reason: 'replaced by a new connection' });
    // Only a home charger has anything to be sent when it is ready (its schedule, issue 17).
    const ready = home ? deps.chargerReady : undefined;
    void deps.chargers
      .connected(chargerId)
      .then(() => ready?.(chargerId))
      .catch(notKept(chargerId, 'charger not marked online'));
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
      markOffline(chargerId);
    });

    /**
     * Every message a charger sends: what is wrong with the message itself is said in OCPP's
     * terms (the schema and string checks come first); anything else is logged and answered
     * with a bare InternalError, never with what went wrong inside.
     */
    const handle: HandleChargePointAction = (action, handler) =>
      client.handle(action, async ({ params }) => {
        seen(chargerId);
        try {
          // Strict mode has validated the request against the action's schema before this runs.
          return await handler((params ?? {}) as ChargePointRequests[typeof action]);
        } catch (error) {
          if (error instanceof RPCError) throw error;
          deps.log.error({ err: error, chargerId, action }, 'OCPP message not handled');
          throw new RPCInternalError('The message could not be handled');
        }
      });
    const context: MessageContext = {
      chargerId,
      sessions: deps.sessions,
      now: deps.now,
      log: deps.log,
    };
    handleChargerMessages(handle, {
      ...context,
      chargers: deps.chargers,
      heartbeatSeconds,
      ...(ready ? { booted: ready } : {}),
    });
    handleTransactionMessages(handle, { ...context, transactions: deps.transactions });
  });

  // Missed heartbeats: a charger silent for several intervals is Offline and its socket closed.
  const sweep = setInterval(
    () => {
      const limit = Date.now() - heartbeatSeconds * 1000 * MISSED_HEARTBEATS;
      for (const [chargerId, entry] of live) {
        if (entry.lastSeen >= limit) continue;
        live.delete(chargerId);
        markOffline(chargerId);
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
      for (const chargerId of live.keys()) await deps.chargers.disconnected(chargerId);
      live.clear();
    },
  };
}

export type CentralSystem = ReturnType<typeof createCentralSystem>;
