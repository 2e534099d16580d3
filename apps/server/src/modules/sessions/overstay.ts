import {
  isCableHeld,
  isHoldExhausted,
  isUnplugWaitEndedByStart,
  type PaymentMethod,
  type SessionCost,
} from '@evc/domain';
import type { ChargingSessionRow } from '../../platform/db/schema.ts';
import { announceSessionChanged } from './events.ts';
import type { SessionServiceDeps } from './session-service-deps.ts';
import { costColumns, stopOf, type SessionView } from './session-view.ts';

/** The longest a stopped session waits for its cable to come out; the overstay ends there. */
export const DEFAULT_UNPLUG_WAIT_LIMIT_MS = 12 * 60 * 60_000;

const holdExhausted = (row: ChargingSessionRow, cost: SessionCost) =>
  isHoldExhausted({
    method: row.source as PaymentMethod,
    totalMinor: cost.total,
    heldMinor: row.heldMinor,
  });

/**
 * A session stopped with its cable in at a tariff with overstay fees waits for the unplug: its
 * overstay shown as it grows, ended by the unplug, by a new transaction on the connector, by the
 * hold running out or by the wait limit, then settled (ADR 0013).
 */
export function createOverstay(
  deps: Pick<SessionServiceDeps, 'sessions' | 'chargers' | 'bus' | 'now'>,
  parts: {
    pricing: Pick<SessionView, 'sessionCostOf'>;
    settleOnce: (row: ChargingSessionRow) => Promise<void>;
  },
  unplugWaitLimitMs: number,
) {
  const changed = (row: ChargingSessionRow) => announceSessionChanged(deps.bus, row);

  /** The session's connector's last reported status; null when the connector is unknown. */
  async function connectorStatusOf(row: ChargingSessionRow) {
    const found = await deps.chargers.findById(row.chargerId);
    const connector = found?.connectors.find((c) => c.connectorNumber === row.connectorNumber);
    return connector?.status ?? null;
  }

  /** The overstay ends (unplug or cap); then the session settles. */
  async function endOverstay(row: ChargingSessionRow, at: Date) {
    const until = row.stoppedAt && at < row.stoppedAt ? row.stoppedAt : at;
    const cost = await parts.pricing.sessionCostOf(row, stopOf(row), until);
    const ended = await deps.sessions.endUnplugWait(row.id, {
      unpluggedAt: until,
      ...(cost ? costColumns(cost) : {}),
    });
    // Another caller (the unplug report, another node's sweep) ended it first.
    if (!ended) return;
    changed(ended);
    await parts.settleOnce(ended);
  }

  /** The overstay as it grows, ended at its cap. */
  async function followOverstay(row: ChargingSessionRow) {
    const now = deps.now();
    const limit = new Date((row.stoppedAt ?? row.updatedAt).getTime() + unplugWaitLimitMs);
    if (now >= limit) return endOverstay(row, limit);
    const cost = await parts.pricing.sessionCostOf(row, stopOf(row), now);
    if (!cost || holdExhausted(row, cost)) return endOverstay(row, now);
    if (cost.total === row.costTotal) return;
    const updated = await deps.sessions.updateAwaitingUnplug(row.id, costColumns(cost));
    if (updated) changed(updated);
  }

  async function isCableIn(row: ChargingSessionRow) {
    return isCableHeld(await connectorStatusOf(row));
  }

  /** The connector reported Available: the cable is out, the overstays there (`waiting`) end. */
  async function endOverstaysAtUnplug(waiting: readonly ChargingSessionRow[], at: Date) {
    for (const row of waiting) await endOverstay(row, at);
  }

  /** A new transaction on the connector: the car that overstayed has left the bay by its start. */
  async function endOverstaysBefore(tx: {
    transactionId: number;
    chargerId: string;
    connectorNumber: number;
    startedAt: Date;
  }) {
    const waiting = await deps.sessions.awaitingUnplug({
      chargerId: tx.chargerId,
      connectorNumber: tx.connectorNumber,
    });
    for (const row of waiting) {
      if (isUnplugWaitEndedByStart(row, tx)) await endOverstay(row, tx.startedAt);
    }
  }

  async function followUnplugWaits() {
    for (const row of await deps.sessions.awaitingUnplug()) await followOverstay(row);
  }

  return {
    connectorStatusOf,
    isCableIn,
    endOverstay,
    endOverstaysAtUnplug,
    endOverstaysBefore,
    followUnplugWaits,
  };
}

export type Overstay = ReturnType<typeof createOverstay>;
