import type RPCServerClient from 'ocpp-rpc/lib/server-client';
import type { Bus } from '../../platform/bus/bus.ts';
import { CHARGER_OWNER_SUBJECT, type ChargerOwnerChanged } from '../chargers/charger-events.ts';
import type { ChargerReports } from '../chargers/charger-reports.ts';
import type { NodePresence } from '../chargers/node-presence.ts';
import type { OcppLog } from './message-context.ts';

/** A charger's connection to this node. */
export interface ChargerConnection {
  chargerId: string;
  client: RPCServerClient;
  /** When the charger last said anything (missed heartbeats). */
  lastSeen: number;
  /** The connection's ownership epoch once it owns its charger (ADR 0031). */
  epoch: number | null;
  /** Whether the connection came to own its charger; settled once it is known. */
  claimed: Promise<boolean>;
}

/** WebSocket close code asking a charger to come back (RFC 6455 §7.4.1: service restart). */
const CLOSE_COME_BACK = 1012;

/**
 * The connections of the chargers this node holds, each owning its charger from when the
 * database says so (ADR 0031): a connection to another node later, or this node's presence
 * lapsing while another marked the charger Offline, makes it let go without writing anything.
 */
export function createChargerConnections(deps: {
  chargers: Pick<ChargerReports, 'connected' | 'disconnected'>;
  presence: Pick<NodePresence, 'id' | 'holds' | 'confirmed' | 'onReannounced'>;
  bus: Bus;
  log: OcppLog;
}) {
  const live = new Map<string, ChargerConnection>();
  /** Writes of connections coming and going, awaited at shutdown. */
  const writes = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    writes.add(work);
    void work.then(() => writes.delete(work));
  };

  /** The connection becomes its charger's owner, under this node's current presence. */
  async function claim(connection: ChargerConnection): Promise<boolean> {
    const { chargerId } = connection;
    let epoch: number | null = null;
    // Refused when the presence lapsed under the claim: announced again, then claimed once more.
    for (let attempt = 0; attempt < 2 && epoch === null; attempt += 1) {
      if ((attempt > 0 || !deps.presence.holds()) && !(await deps.presence.confirmed())) continue;
      epoch = await deps.chargers.connected(chargerId, deps.presence.id);
    }
    if (epoch === null) return false;
    connection.epoch = epoch;
    if (live.get(chargerId) === connection) return true;
    // Closed or replaced while claiming: this connection's claim is let go again.
    await deps.chargers.disconnected(chargerId, epoch);
    return false;
  }

  /** Closes a connection that no longer owns its charger; nothing is written for it. */
  function letGo(connection: ChargerConnection, reason: string): void {
    if (live.get(connection.chargerId) !== connection) return;
    live.delete(connection.chargerId);
    deps.log.warn({ chargerId: connection.chargerId, reason }, 'charger connection let go');
    void connection.client.close({ code: CLOSE_COME_BACK, reason }).catch(() => undefined);
  }

  const stopReannounced = deps.presence.onReannounced((kept) => {
    for (const connection of [...live.values()]) {
      if (connection.epoch !== null && !kept.has(connection.chargerId))
        letGo(connection, 'marked Offline while this node was taken for dead');
    }
  });
  const stopHearing = deps.bus.subscribe(CHARGER_OWNER_SUBJECT, (event) => {
    const { chargerId, epoch } = event as ChargerOwnerChanged;
    const connection = live.get(chargerId);
    if (connection?.epoch != null && connection.epoch < epoch)
      letGo(connection, 'the charger connected again, elsewhere');
  });

  return {
    live: live as ReadonlyMap<string, ChargerConnection>,

    /** A charger's new connection: it replaces the charger's previous one on this node. */
    open(chargerId: string, client: RPCServerClient, owned: () => void): ChargerConnection {
      const previous = live.get(chargerId);
      const connection: ChargerConnection = {
        chargerId,
        client,
        lastSeen: Date.now(),
        epoch: null,
        claimed: Promise.resolve(false),
      };
      live.set(chargerId, connection);
      if (previous)
        void previous.client
          .close({ code: 1000, reason: 'replaced by a new connection' })
          .catch(() => undefined);
      connection.claimed = claim(connection).catch((error: unknown) => {
        deps.log.warn({ err: error, chargerId }, 'charger not marked online');
        return false;
      });
      track(
        connection.claimed.then((ownsIt) => {
          if (ownsIt) owned();
          else letGo(connection, 'the charger could not be taken');
        }),
      );
      return connection;
    },

    /** The socket closed or went silent: Offline, unless a later connection owns the charger. */
    lost(connection: ChargerConnection): void {
      if (live.get(connection.chargerId) !== connection) return;
      live.delete(connection.chargerId);
      track(
        connection.claimed
          .then((ownsIt) =>
            ownsIt && connection.epoch !== null
              ? deps.chargers.disconnected(connection.chargerId, connection.epoch)
              : undefined,
          )
          .catch((error: unknown) =>
            deps.log.warn(
              { err: error, chargerId: connection.chargerId },
              'charger not marked offline',
            ),
          ),
      );
    },

    letGo,

    /**
     * Whether this node may act on what comes over the connection: it owns its charger and the
     * node's presence is current (renewed first if it lapsed, which lets go of lost chargers).
     */
    async mayAct(connection: ChargerConnection): Promise<boolean> {
      if (!(await connection.claimed)) return false;
      if (!deps.presence.holds()) await deps.presence.confirmed();
      return live.get(connection.chargerId) === connection && deps.presence.holds();
    },

    close(): void {
      stopReannounced();
      stopHearing();
    },

    /** Once every write of connections coming and going is done. */
    async settled(): Promise<void> {
      await Promise.all([...writes]);
    },
  };
}
