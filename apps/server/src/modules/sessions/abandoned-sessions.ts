import {
  DEFAULT_SESSION_ABANDON_AFTER_MS,
  isSessionAbandoned,
  lateStopOwedMinor,
} from '@evc/domain';
import type { ChargingSessionRow } from '../../platform/db/schema.ts';
import type { TransactionStoppedHook } from './charger-reports.ts';
import { announceSessionChanged } from './events.ts';
import type { SessionServiceDeps } from './session-service-deps.ts';
import { costColumns, type SessionView } from './session-view.ts';

/** When the charger last said anything about a session. */
export const lastHeardOf = (row: ChargingSessionRow): Date =>
  row.lastReportAt ?? row.startedAt ?? row.createdAt;

/**
 * Sessions whose charger went away: ended on their last reading after SESSION_ABANDON_AFTER of
 * silence (`isSessionAbandoned`), costed by the tariff and settled once like any other; a
 * StopTransaction that comes after that is reconciled once (more energy is owed, never a second
 * capture). Every node's sweep may find the same session: the conditional update lets one end it.
 */
export function createAbandonedSessions(
  deps: Pick<SessionServiceDeps, 'sessions' | 'payments' | 'bus' | 'now' | 'log'>,
  parts: {
    pricing: Pick<SessionView, 'sessionCostOf'>;
    settleOnce: (row: ChargingSessionRow) => Promise<void>;
  },
  abandonAfterMs = DEFAULT_SESSION_ABANDON_AFTER_MS,
) {
  const changed = (row: ChargingSessionRow) => announceSessionChanged(deps.bus, row);

  async function end(row: ChargingSessionRow, silentSince: Date): Promise<void> {
    const stoppedAt = lastHeardOf(row);
    // The ledger's last reading too: a meter value stored but not yet applied to the session.
    const ledgerWh =
      row.transactionId === null
        ? null
        : await deps.sessions.lastMeteredWh(row.chargerId, row.transactionId);
    const meterStopWh = Math.max(row.lastEnergyWh ?? row.meterStartWh ?? 0, ledgerWh ?? 0);
    const cost = await parts.pricing.sessionCostOf(row, { stoppedAt, meterStopWh });
    const ended = await deps.sessions.endIfStillSilent(row, silentSince, {
      state: 'finished',
      stoppedAt,
      meterStopWh,
      lastEnergyWh: meterStopWh,
      powerW: 0,
      pausedByDriver: false,
      awaitingUnplug: false,
      endReason: 'charger-offline',
      ...(cost ? costColumns(cost) : {}),
    });
    // A StopTransaction or another node's sweep ended it meanwhile, or the charger spoke again
    // (the next sweep ends it on its last word).
    if (!ended) return;
    deps.log.warn(
      { sessionId: row.id, chargerId: row.chargerId, lastHeardAt: stoppedAt },
      'session ended: its charger went away',
    );
    changed(ended);
    await parts.settleOnce(ended);
  }

  /** The sweep's job: every session the rule calls abandoned, ended. */
  async function endAbandoned(): Promise<void> {
    const now = deps.now();
    const silentSince = new Date(now.getTime() - abandonAfterMs);
    const candidates = await deps.sessions.silentSince(silentSince);
    for (const { session, chargerOnline, connectorStatus } of candidates) {
      const abandoned = isSessionAbandoned({
        lastHeardAt: lastHeardOf(session),
        now,
        chargerOnline,
        connectorStatus,
        abandonAfterMs,
      });
      if (abandoned) await end(session, silentSince);
    }
  }

  /**
   * The charger's own StopTransaction for a session already ended without it: stored (the ledger
   * keeps it), answered normally, and reconciled once.
   */
  async function lateStop(row: ChargingSessionRow, tx: TransactionStoppedHook): Promise<void> {
    const stoppedAt = row.startedAt && tx.stoppedAt < row.startedAt ? row.startedAt : tx.stoppedAt;
    const cost = await parts.pricing.sessionCostOf(row, {
      stoppedAt,
      meterStopWh: tx.meterStopWh,
    });
    const owed = cost
      ? lateStopOwedMinor({ settledMinor: row.costTotal, finalMinor: cost.total })
      : 0;
    // Owed first (once per session, by its reference), then recorded: a replay owes nothing twice.
    // A guest has no balance: its shortfall stays recorded against the session, as at a stop.
    if (owed > 0 && row.userId) {
      await deps.payments.oweAfterSettlement({
        userId: row.userId,
        sessionId: row.id,
        amountMinor: owed,
      });
    }
    const recorded = await deps.sessions.recordLateStop(row.id, {
      lateStopAt: deps.now(),
      ...(owed > 0 && cost
        ? {
            stoppedAt,
            meterStopWh: tx.meterStopWh,
            lastEnergyWh: tx.meterStopWh,
            ...costColumns(cost),
          }
        : {}),
    });
    if (!recorded) return;
    deps.log.warn(
      { sessionId: row.id, transactionId: tx.transactionId, owedMinor: owed },
      'late StopTransaction of an ended session reconciled',
    );
    changed(recorded);
  }

  return { endAbandoned, lateStop };
}
