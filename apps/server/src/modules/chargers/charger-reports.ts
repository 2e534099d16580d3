import type { Bus } from '../../platform/bus/bus.ts';
import type { ChargerRow } from '../../platform/db/schema.ts';
import type { PasswordHasher } from '../../platform/passwords.ts';
import {
  CHARGER_LIVE_SUBJECT,
  CHARGER_OWNER_SUBJECT,
  type ChargerChanged,
  type ChargerOwnerChanged,
} from './charger-events.ts';
import type { ChargerRepository } from './repository.ts';
import { createVerifiedCredentials, type VerifiedCredentials } from './verified-credentials.ts';

/** What a charger says about itself when it boots (OCPP 1.6 BootNotification). */
export interface ChargerIdentity {
  vendor: string;
  model: string;
  serialNumber: string | null;
  firmwareVersion: string | null;
}

/** A connector's status as its charger reported it. */
export interface ConnectorStatusReport {
  chargerId: string;
  connectorNumber: number;
  status: string;
  /** null when the charger reports no error. */
  errorCode: string | null;
  reportedAt: Date;
}

/**
 * Whether a charger may connect with the password it presented with HTTP Basic auth, if any. A
 * password this node already verified for the same stored hash skips the argon2 check.
 */
async function presentsItsPassword(
  passwords: PasswordHasher,
  verified: VerifiedCredentials,
  charger: ChargerRow | undefined,
  password: string | undefined,
): Promise<boolean> {
  if (charger?.passwordHash) {
    if (password === undefined) return false;
    if (verified.knows(charger.id, charger.passwordHash, password)) return true;
    const good = await passwords.verify(charger.passwordHash, password);
    if (good) verified.remember(charger.id, charger.passwordHash, password);
    return good;
  }
  // As slow as a real check, so that the time taken does not tell which identities exist.
  if (password !== undefined) await passwords.verifyNothing(password);
  return charger?.allowNoPassword ?? false;
}

/**
 * What connected chargers report about themselves: who may connect, when they come and go, boot,
 * beat and change a connector's status. Every change a live view shows is announced on the bus.
 */
export function createChargerReports(deps: {
  chargers: ChargerRepository;
  passwords: PasswordHasher;
  bus: Bus;
  now: () => Date;
}) {
  const verified = createVerifiedCredentials();
  const changed = (chargerId: string) =>
    deps.bus.publish(CHARGER_LIVE_SUBJECT, { chargerId } satisfies ChargerChanged);

  return {
    /**
     * The charger a handshake names, when the password it presented is that charger's (or it
     * may connect without one), and whether it is a home charger (sent its schedule when it
     * connects and boots); `known` tells whether the identity exists at all, for the log.
     */
    async admit(
      chargePointId: string,
      password: string | undefined,
    ): Promise<{ chargerId: string; home: boolean } | { chargerId: null; known: boolean }> {
      const charger = await deps.chargers.findByChargePointId(chargePointId);
      const presented = await presentsItsPassword(deps.passwords, verified, charger, password);
      if (!charger || !presented) return { chargerId: null, known: charger !== undefined };
      return { chargerId: charger.id, home: charger.home };
    },

    /**
     * A charger's new connection on node `node` owns it from now on (ADR 0031): online, and told
     * to every node, so that one holding an older connection of it lets that go. Null when the
     * node's presence has lapsed (it must announce itself again first).
     */
    async connected(chargerId: string, node: string): Promise<number | null> {
      const claimed = await deps.chargers.claimCharger(chargerId, node, deps.now());
      if (!claimed) return null;
      deps.bus.publish(CHARGER_OWNER_SUBJECT, {
        chargerId,
        node,
        epoch: claimed.epoch,
      } satisfies ChargerOwnerChanged);
      changed(chargerId);
      return claimed.epoch;
    },

    /** The connection `epoch` was lost: Offline, unless a later connection owns the charger. */
    async disconnected(chargerId: string, epoch: number): Promise<void> {
      if (await deps.chargers.releaseCharger(chargerId, epoch, deps.now())) changed(chargerId);
    },

    /** Chargers marked Offline with the node that held them (ADR 0031): told to live views. */
    wentOffline: (chargerIds: readonly string[]): void => {
      for (const chargerId of chargerIds) changed(chargerId);
    },

    booted: (chargerId: string, identity: ChargerIdentity) =>
      deps.chargers.setCharger(chargerId, { ...identity, lastBootAt: deps.now() }),

    /** False when the connection `epoch` no longer owns the charger: nothing was written. */
    heartbeat: (chargerId: string, epoch: number) =>
      deps.chargers.heartbeat(chargerId, deps.now(), epoch),

    async connectorStatus(report: ConnectorStatusReport): Promise<void> {
      await deps.chargers.recordStatus(report);
      changed(report.chargerId);
    },

    /** At start, when this node holds every charger socket: none is connected yet. */
    allOffline: () => deps.chargers.markAllOffline(deps.now()),

    /** At start among several nodes: chargers silent since then are Offline. */
    silentOffline: (silentSince: Date) => deps.chargers.markSilentOffline(silentSince, deps.now()),
  };
}

export type ChargerReports = ReturnType<typeof createChargerReports>;
