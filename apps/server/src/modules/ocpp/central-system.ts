import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { RPCServer } from 'ocpp-rpc';
import type RPCServerClient from 'ocpp-rpc/lib/server-client';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { ChargerRepository } from '../chargers/repository.ts';

export const OCPP_PATH = '/ocpp/';
/** spec 000 §4: how often a charger is asked to send a Heartbeat. */
export const DEFAULT_HEARTBEAT_SECONDS = 60;
/** A charger that has said nothing for this many heartbeat intervals is Offline. */
const MISSED_HEARTBEATS = 3;

export interface CentralSystemDeps {
  chargers: ChargerRepository;
  passwords: PasswordHasher;
  now: () => Date;
  heartbeatSeconds?: number;
  /** Keep-alive pings and offline sweep; tests shorten them. */
  pingIntervalMs?: number;
  log: { warn: (details: object, message: string) => void };
}

interface Session {
  chargerId: string;
}

type Params = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : null);
/** A report's own time when it carries a valid one (late messages keep their order), else now. */
function reportedAt(params: Params, now: Date): Date {
  const stamp = text(params.timestamp);
  const parsed = stamp ? new Date(stamp) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : now;
}

/**
 * OCPP 1.6J central system at ws(s)://HOST/ocpp/{chargePointId}, subprotocol ocpp1.6, strict
 * schema validation. Unknown charge points are refused at the handshake; one provisioned with a
 * password must present it with HTTP Basic auth. A charger is online while its socket is open
 * and it keeps talking; a lost socket or missed heartbeats make it Offline.
 */
export function createCentralSystem(deps: CentralSystemDeps) {
  const heartbeatSeconds = deps.heartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS;
  const pingIntervalMs = deps.pingIntervalMs ?? 30_000;
  const server = new RPCServer({ protocols: ['ocpp1.6'], strictMode: true, pingIntervalMs });
  /** The live connection of each charger (by charger id) and when it last said anything. */
  const live = new Map<string, { client: RPCServerClient; lastSeen: number }>();

  server.auth((accept, reject, handshake) => {
    void (async () => {
      const charger = await deps.chargers.findByChargePointId(handshake.identity);
      if (!charger) return reject(404, 'Unknown charge point');
      if (charger.passwordHash) {
        const password = handshake.password?.toString('utf8');
        if (!password || !(await deps.passwords.verify(charger.passwordHash, password))) {
          return reject(401, 'Wrong charge point password');
        }
      }
      accept({ chargerId: charger.id } satisfies Session);
    })().catch(() => reject(500, 'Could not check the charge point'));
  });

  const seen = (chargerId: string) => {
    const entry = live.get(chargerId);
    if (entry) entry.lastSeen = Date.now();
  };

  async function markOffline(chargerId: string) {
    await deps.chargers.setCharger(chargerId, { online: false });
  }

  server.on('client', (client: RPCServerClient) => {
    const { chargerId } = client.session as Session;
    // A charger that reconnects replaces its previous connection.
    const previous = live.get(chargerId);
    live.set(chargerId, { client, lastSeen: Date.now() });
    if (previous)
      void previous.client.close({ code: 1000, reason: 'replaced by a new connection' });
    void deps.chargers.setCharger(chargerId, { online: true });

    client.on('close', () => {
      if (live.get(chargerId)?.client !== client) return;
      live.delete(chargerId);
      void markOffline(chargerId);
    });

    client.handle('BootNotification', async ({ params }) => {
      const p = (params ?? {}) as Params;
      seen(chargerId);
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

    client.handle('Heartbeat', async () => {
      seen(chargerId);
      await deps.chargers.setCharger(chargerId, { lastHeartbeatAt: deps.now(), online: true });
      return { currentTime: deps.now().toISOString() };
    });

    client.handle('StatusNotification', async ({ params }) => {
      const p = (params ?? {}) as Params;
      seen(chargerId);
      await deps.chargers.recordStatus({
        chargerId,
        connectorNumber: typeof p.connectorId === 'number' ? p.connectorId : 0,
        status: text(p.status) ?? 'Unknown',
        errorCode: text(p.errorCode) === 'NoError' ? null : text(p.errorCode),
        reportedAt: reportedAt(p, deps.now()),
      });
      return {};
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
