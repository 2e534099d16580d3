import { createCableRelease } from './cable-release.ts';
import { createCardSessions } from './card-sessions.ts';
import { createChargerReports } from './charger-reports.ts';
import { createDriverCommands, DEFAULT_START_TIMEOUT_MS } from './driver-commands.ts';
import { createOverstay, DEFAULT_UNPLUG_WAIT_LIMIT_MS } from './overstay.ts';
import { createReceipts } from './receipts.ts';
import type { SessionServiceDeps } from './session-service-deps.ts';
import { startSessionSweep } from './session-sweep.ts';
import { createSessionView } from './session-view.ts';
import { createSettlement, DEFAULT_SETTLEMENT_RETRY_MS } from './settlement.ts';

export type { SessionServiceDeps } from './session-service-deps.ts';

/**
 * The driver's charging session: started remotely and paid through SessionPayments, linked to the
 * charger's OCPP transaction by the id tag issued for it, priced live from MeterValues, finished
 * at StopTransaction and settled once: at once, or at the unplug when the tariff charges for
 * overstay and the cable is still in (ADR 0013). Every change is announced on the bus for live
 * views.
 */
export function createSessionService(deps: SessionServiceDeps) {
  const startTimeoutMs = deps.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
  const settlementRetryMs = deps.settlementRetryMs ?? DEFAULT_SETTLEMENT_RETRY_MS;
  const unplugWaitLimitMs = deps.unplugWaitLimitMs ?? DEFAULT_UNPLUG_WAIT_LIMIT_MS;

  const pricing = createSessionView(deps);
  const receipts = createReceipts(deps, pricing);
  const settlement = createSettlement(deps, receipts, settlementRetryMs);
  const overstay = createOverstay(
    deps,
    { pricing, settleOnce: settlement.settleOnce },
    unplugWaitLimitMs,
  );
  const driver = createDriverCommands(
    deps,
    { view: pricing.view, reject: settlement.reject },
    startTimeoutMs,
  );
  const cable = createCableRelease(deps);
  const cards = createCardSessions(deps);
  const reports = createChargerReports(deps, {
    pricing,
    overstay,
    settleOnce: settlement.settleOnce,
    startedByCard: cards.startedByCard,
  });
  const sweep = startSessionSweep(
    deps,
    [
      [settlement.rejectOverdue, 'pending sessions not swept'],
      [overstay.followUnplugWaits, 'overstays not followed'],
      [settlement.settleDue, 'settlements not retried'],
    ],
    Math.max(50, Math.min(startTimeoutMs / 2, settlementRetryMs / 2, 15_000)),
  );

  return {
    view: pricing.view,
    remoteStart: driver.remoteStart,
    remoteStop: driver.remoteStop,
    pause: driver.pause,
    unpause: driver.unpause,
    clearDefaultProfile: driver.clearDefaultProfile,
    byId: pricing.byId,
    latest: pricing.latest,
    openForUser: pricing.openForUser,
    unlock: cable.unlock,
    unlockCheck: cable.unlockCheck,
    receipt: receipts.receipt,
    transactionStarted: reports.transactionStarted,
    metered: reports.metered,
    connectorStatus: reports.connectorStatus,
    transactionStopped: reports.transactionStopped,
    cardStatus: cards.cardStatus,
    rejectOverdue: settlement.rejectOverdue,
    close: sweep.stop,
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
