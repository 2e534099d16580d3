import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';
import { RPCClient, RPCServer } from 'ocpp-rpc';
// The errors are re-exported by the package's index with a spread, which Node's ESM loader cannot
// see through: they are imported from their own module.
import { RPCError, RPCGenericError, RPCInternalError, TimeoutError } from 'ocpp-rpc/lib/errors';
import type RPCServerClient from 'ocpp-rpc/lib/server-client';
import type { IHandshakeInterface } from 'ocpp-rpc/lib/server-client';
import { BusTimeoutError, NoResponderError, type Bus } from '../../platform/bus/bus.ts';
import type { OcppMessageObserver } from '../../platform/metrics/observers.ts';
import type { ChargerReports } from '../chargers/charger-reports.ts';
import type { NodePresence } from '../chargers/node-presence.ts';
import {
  nodeCommandSubject,
  type ChargerCommandRequest,
} from '../charge-point/charger-commands.ts';
import { createChargerConnections, type ChargerConnection } from './charger-connections.ts';
import type { TransactionLedger } from '../charge-point/transaction-ledger.ts';
import { handleChargerMessages } from './charger-messages.ts';
import { logConnection, refusalReason, type ConnectionFacts } from './connection-log.ts';
import {
  createHandshakeThrottle,
  DEFAULT_HANDSHAKE_LIMIT,
  type HandshakeLimit,
} from './handshake-throttle.ts';
import type { MessageContext, OcppLog, TransactionHooks } from './message-context.ts';
import { countAnswers } from './message-metrics.ts';
import type { ChargePointRequests, HandleChargePointAction } from './ocpp16-messages.ts';
import { ocpp16Validator } from './ocpp16-validator.ts';
import { handleTransactionMessages } from './transaction-messages.ts';

export const OCPP_PATH = '/ocpp/';
/** How a stopping node closes its chargers' sockets: come back, to another node (RFC 6455 §7.4.1). */
const SERVICE_RESTART = { code: 1012, reason: 'service restart' };
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
  /** This node's presence among the nodes: whether it may act, and its id (ADR 0031). */
  presence: NodePresence;
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
  /** Told how each message was answered and how long its handler took (metrics on). */
  messages?: OcppMessageObserver;
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
 * it Offline. Among several nodes a charger's latest connection owns it (ADR 0031): a node acts
 * on a connection only while it owns its charger and its own presence is current.
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
  const connections = createChargerConnections(deps);
  const { live } = connections;
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

  /** Commands for this node's chargers, on this incarnation's own subject (ADR 0031). */
  const respondAs = (node: string) =>
    deps.bus.respond(nodeCommandSubject(node), async (payload) => {
      const command = payload as ChargerCommandRequest;
      const connection = live.get(command.chargerId);
      // Sent to an earlier incarnation of this node, past its deadline, or for a charger this
      // node no longer owns: never sent down the socket; as if nobody held the charger.
      const current = () => command.node === deps.presence.id && Date.now() < command.deadline;
      if (!connection || !current() || !(await connections.mayAct(connection)) || !current())
        throw new NoResponderError(command.chargerId);
      return connection.client
        .call(command.action, command.params, { callTimeoutMs: command.timeoutMs })
        .catch((error: unknown) => {
          if (error instanceof TimeoutError) throw new BusTimeoutError(command.action);
          throw error;
        });
    });
  let stopResponding = respondAs(deps.presence.id);
  const stopReannounced = deps.presence.onReannounced((_kept, node) => {
    stopResponding();
    stopResponding = respondAs(node);
  });

  server.on('client', (client: RPCServerClient) => {
    const { admitted, home, ...facts } = client.session as Session;
    if (!admitted || client.protocol !== OCPP16) {
      void client.close({ code: CLOSE_PROTOCOL_ERROR, reason: 'Subprotocol ocpp1.6 required' });
      return;
    }
    const { chargerId } = facts;
    deps.log.info({ ...facts, protocol: client.protocol }, 'charger connected');
    logConnection(client, facts, deps.log, Date.now());
    const { messages } = deps;
    if (messages) countAnswers(client, messages);
    // Only a home charger has anything to be sent when it is ready (its schedule, issue 17).
    const ready = home ? deps.chargerReady : undefined;
    // A charger that reconnects replaces its previous connection, here or on another node.
    const connection: ChargerConnection = connections.open(chargerId, client, () =>
      ready?.(chargerId),
    );
    client.on('close', () => connections.lost(connection));

    /**
     * Every message a charger sends: what is wrong with the message itself is said in OCPP's
     * terms (the schema and string checks come first); anything else is logged and answered
     * with a bare InternalError, never with what went wrong inside.
     */
    const handle: HandleChargePointAction = (action, handler) =>
      client.handle(action, async ({ params }) => {
        const started = messages ? performance.now() : 0;
        try {
          // A connection whose charger moved to another node, or a node whose presence lapsed
          // and which lost the charger meanwhile, takes no message: the socket is let go.
          if (!(await connections.mayAct(connection))) {
            connections.letGo(connection, 'the charger is connected elsewhere');
            throw new RPCGenericError('This connection no longer serves the charger');
          }
          connection.lastSeen = Date.now();
          // Strict mode has validated the request against the action's schema before this runs.
          return await handler((params ?? {}) as ChargePointRequests[typeof action]);
        } catch (error) {
          if (error instanceof RPCError) throw error;
          deps.log.error({ err: error, chargerId, action }, 'OCPP message not handled');
          throw new RPCInternalError('The message could not be handled');
        } finally {
          messages?.handled(action, (performance.now() - started) / 1000);
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
      epoch: () => connection.epoch,
      notOwner: () => connections.letGo(connection, 'the charger is connected elsewhere'),
      heartbeatSeconds,
      ...(ready ? { booted: ready } : {}),
    });
    handleTransactionMessages(handle, { ...context, transactions: deps.transactions });
  });

  // Missed heartbeats: a charger silent for several intervals is Offline and its socket closed.
  const sweep = setInterval(
    () => {
      const limit = Date.now() - heartbeatSeconds * 1000 * MISSED_HEARTBEATS;
      for (const connection of live.values()) {
        if (connection.lastSeen >= limit) continue;
        connections.lost(connection);
        void connection.client.close({ code: 1001, reason: 'missed heartbeats' });
      }
    },
    Math.min(pingIntervalMs, heartbeatSeconds * 1000),
  );
  sweep.unref();

  /** Every charger's socket, from its upgrade on: what a grace run out cuts. */
  const sockets = new Set<Duplex>();

  return {
    /** How many chargers hold a socket on this node now. */
    connectedCount: () => connections.live.size,

    /** Takes WebSocket upgrades for /ocpp/{id}; any other upgrade is refused. */
    attach(httpServer: Server) {
      httpServer.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (!request.url?.startsWith(OCPP_PATH)) {
          socket.destroy();
          return;
        }
        // Node types the upgrade socket as a Duplex; over HTTP it is always a net.Socket.
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
        void server.handleUpgrade(request, socket as Socket, head);
      });
    },

    /**
     * Lets go of every charger: 1012, service restart, so that each comes back at once, through
     * the load balancer, to a node that is still up. A call a charger sent before is answered
     * first (stored whole); one sent meanwhile is not, and the charger sends it again (ADR 0034).
     */
    async close() {
      clearInterval(sweep);
      stopReannounced();
      stopResponding();
      connections.close();
      const leaving = [...live.values()].map((connection) => letGo(connection.client));
      await server.close({ ...SERVICE_RESTART, awaitPending: true });
      await Promise.all(leaving);
      // Whatever the closing sockets did not write is written by the presence's leaving.
      await connections.settled();
    },

    /** The grace has run out: every socket still open is cut, whatever it was doing. */
    cut() {
      for (const socket of sockets) socket.destroy();
    },
  };
}

export type CentralSystem = ReturnType<typeof createCentralSystem>;

/**
 * Closes a charger's connection with 1012 once the calls in flight on it are settled; done when
 * the connection is closed, by us or by the charger. A charger that leaves while its calls are
 * awaited closes the socket first, and ocpp-rpc's own close then waits for a second 'close' the
 * socket never sends: a node stopping would wait for it for ever.
 */
function letGo(client: RPCServerClient): Promise<void> {
  if (client.state === RPCClient.CLOSED) return Promise.resolve();
  const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
  const closing = client.close({ ...SERVICE_RESTART, awaitPending: true }).then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([closed, closing]);
}
