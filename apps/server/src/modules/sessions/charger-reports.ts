import { tariffInput } from '@evc/contract';
import {
  awaitsUnplug,
  sessionStateOnConnectorStatus,
  statusSpeaksOfSession,
  type PaymentMethod,
} from '@evc/domain';
import type { ChargingSessionRow } from '../../platform/db/schema.ts';
import { announceSessionChanged } from './events.ts';
import type { Overstay } from './overstay.ts';
import type { SessionServiceDeps } from './session-service-deps.ts';
import { costColumns, type SessionView } from './session-view.ts';

export interface TransactionStartedHook {
  transactionId: number;
  chargerId: string;
  connectorNumber: number;
  idTag: string;
  meterStartWh: number;
  startedAt: Date;
}

export interface MeterSampleHook {
  /** The charger that sent the sample: a session takes only its own charger's. */
  chargerId: string;
  transactionId: number | null;
  energyWh: number | null;
  powerW: number | null;
  sampledAt: Date;
}

export interface TransactionStoppedHook {
  transactionId: number;
  /** The charger that sent the stop: a session takes only its own charger's. */
  chargerId: string;
  meterStopWh: number;
  stoppedAt: Date;
  reason?: string | null;
}

export interface ConnectorStatusHook {
  chargerId: string;
  connectorNumber: number;
  status: string;
  reportedAt: Date;
}

/**
 * Stops a transaction nobody pays for once the charger has had its answer to StartTransaction,
 * and so knows the transaction id.
 */
export function stopAfterAnswer(
  deps: Pick<SessionServiceDeps, 'commands' | 'log'>,
  tx: { chargerId: string; transactionId: number },
  notStopped: string,
) {
  setTimeout(() => {
    deps.commands
      .remoteStop(tx.chargerId, tx.transactionId)
      .catch((error: unknown) => deps.log.warn({ error: String(error) }, notStopped));
  }, 0);
}

/**
 * What the charger reports of a session, through the OCPP routes: its start (linked by the id tag
 * issued for it, or a driver's RFID card), its meter values priced live, its connector's status,
 * and its stop, then settlement once: at once, or at the unplug when the tariff charges for
 * overstay and the cable is still in (ADR 0013).
 */
export function createChargerReports(
  deps: Pick<SessionServiceDeps, 'sessions' | 'transactions' | 'commands' | 'bus' | 'now' | 'log'>,
  parts: {
    pricing: Pick<SessionView, 'sessionCostOf'>;
    overstay: Overstay;
    settleOnce: (row: ChargingSessionRow) => Promise<void>;
    startedByCard: (tx: TransactionStartedHook, userId: string) => Promise<'Blocked' | null>;
    /** The StopTransaction of a session that was ended without it (its charger went away). */
    lateStop: (row: ChargingSessionRow, tx: TransactionStoppedHook) => Promise<void>;
  },
) {
  const changed = (row: ChargingSessionRow) => announceSessionChanged(deps.bus, row);
  const { pricing, overstay } = parts;

  /**
   * StartTransaction (first or replayed): links the session whose id tag it carries, or starts
   * the session of a driver's RFID card. 'Blocked' when nobody pays for that card's session.
   */
  async function transactionStarted(tx: TransactionStartedHook): Promise<'Blocked' | null> {
    await overstay.endOverstaysBefore(tx);
    const linked = await deps.sessions.linkTransaction(tx.idTag, tx.chargerId, {
      transactionId: tx.transactionId,
      startedAt: tx.startedAt,
      meterStartWh: tx.meterStartWh,
      lastReportAt: deps.now(),
    });
    if (linked) {
      changed(linked);
      return null;
    }
    const tag = await deps.transactions.findTag(tx.idTag);
    if (tag?.kind === 'rfid') return tag.userId ? parts.startedByCard(tx, tag.userId) : null;
    const late = await deps.sessions.findByIdTag(tx.idTag);
    if (late?.state === 'rejected' && late.transactionId === null) {
      // Started after its time-out: its hold is gone, so nobody would pay for it.
      deps.log.warn(
        { sessionId: late.id, transactionId: tx.transactionId },
        'a charger started a session after its time-out; stopping it',
      );
      stopAfterAnswer(deps, tx, 'late session not stopped');
    }
    return null;
  }

  /** MeterValues: the energy, power and live cost of the sessions they belong to. */
  async function metered(samples: MeterSampleHook[]) {
    const byTransaction = new Map<number, MeterSampleHook[]>();
    for (const sample of samples) {
      if (sample.transactionId === null) continue;
      byTransaction.set(sample.transactionId, [
        ...(byTransaction.get(sample.transactionId) ?? []),
        sample,
      ]);
    }
    for (const [transactionId, list] of byTransaction) {
      const row = await deps.sessions.findByTransactionId(transactionId);
      if (!row || row.state === 'finished' || row.state === 'rejected') continue;
      if (list.some((sample) => sample.chargerId !== row.chargerId)) continue;
      const latest = list.reduce((a, b) => (b.sampledAt >= a.sampledAt ? b : a));
      const energies = list.flatMap((sample) =>
        sample.energyWh === null ? [] : [sample.energyWh],
      );
      const cost = await pricing.sessionCostOf(row, null);
      const updated = await deps.sessions.updateLive(row.id, {
        lastEnergyWh: Math.max(row.lastEnergyWh ?? 0, ...energies),
        powerW: latest.powerW ?? row.powerW,
        lastReportAt: deps.now(),
        ...(cost ? costColumns(cost) : {}),
      });
      if (updated) changed(updated);
    }
  }

  /** StatusNotification: paused by the vehicle or by the driver's 0 A profile, or charging. */
  async function connectorStatus(report: ConnectorStatusHook) {
    const onConnector = await deps.sessions.openOrAwaitingUnplugOn(
      report.chargerId,
      report.connectorNumber,
    );
    for (const row of onConnector.filter((session) => session.state !== 'finished')) {
      const change = sessionStateOnConnectorStatus({
        status: report.status,
        started: row.transactionId !== null,
        pausedByDriver: row.pausedByDriver,
        vehicleIdleSince: row.vehicleIdleSince,
        reportedAt: report.reportedAt,
      });
      // Available, Faulted or Unavailable say no transaction is there: not a sign of the session.
      const heard = statusSpeaksOfSession(report.status) ? { lastReportAt: deps.now() } : {};
      const updated =
        change || 'lastReportAt' in heard
          ? await deps.sessions.updateLive(row.id, { ...change, ...heard })
          : row;
      changed(updated ?? row);
    }
    // The cable is out: a session stopped with it in stops overstaying and is settled.
    if (report.status !== 'Available') return;
    await overstay.endOverstaysAtUnplug(
      onConnector.filter((session) => session.state === 'finished' && session.awaitingUnplug),
      report.reportedAt,
    );
  }

  /** StopTransaction (first, replayed or late): the final cost, then settlement once. */
  async function transactionStopped(tx: TransactionStoppedHook) {
    let row = await deps.sessions.findByTransactionId(tx.transactionId);
    if (!row || row.state === 'rejected' || row.chargerId !== tx.chargerId) return;
    if (row.state === 'finished' && row.endReason !== null) return parts.lateStop(row, tx);
    if (row.state !== 'finished') {
      const stoppedAt =
        row.startedAt && tx.stoppedAt < row.startedAt ? row.startedAt : tx.stoppedAt;
      const cost = await pricing.sessionCostOf(row, { stoppedAt, meterStopWh: tx.meterStopWh });
      // With overstay fees and the cable still in, the bay is still taken: settled at the unplug.
      const awaitingUnplug =
        cost !== null &&
        awaitsUnplug({
          tariff: tariffInput.parse(row.tariff),
          stopReason: tx.reason,
          connectorStatus: await overstay.connectorStatusOf(row),
          method: row.source as PaymentMethod,
          totalMinor: cost.total,
          heldMinor: row.heldMinor,
        });
      const finished = await deps.sessions.updateOpen(row.id, {
        state: 'finished',
        stoppedAt,
        meterStopWh: tx.meterStopWh,
        lastEnergyWh: tx.meterStopWh,
        powerW: 0,
        pausedByDriver: false,
        awaitingUnplug,
        ...(cost ? costColumns(cost) : {}),
      });
      row = finished ?? (await deps.sessions.findById(row.id)) ?? row;
      if (finished) changed(finished);
    }
    if (row.awaitingUnplug) {
      // The unplug may have been reported while the stop was being recorded.
      if (!(await overstay.isCableIn(row))) await overstay.endOverstay(row, deps.now());
      return;
    }
    await parts.settleOnce(row);
  }

  return {
    transactionStarted,
    metered,
    connectorStatus,
    transactionStopped,
  };
}
