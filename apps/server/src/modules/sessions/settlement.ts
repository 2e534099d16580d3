import { tariffInput } from '@evc/contract';
import type { PaymentMethod } from '@evc/domain';
import type { ChargingSessionRow } from '../../platform/db/schema.ts';
import { announceSessionChanged } from './events.ts';
import type { Receipts } from './receipts.ts';
import type { SessionServiceDeps } from './session-service-deps.ts';

/** A settlement claimed this long ago without a result is tried again (a crash, a hang). */
export const DEFAULT_SETTLEMENT_RETRY_MS = 5 * 60_000;
/** Attempts at settling one session before it is left failed for a person to look at. */
export const MAX_SETTLEMENT_ATTEMPTS = 5;

/**
 * A session's payment: released when it never started, settled once when it finished, and tried
 * again by the sweep when a crash, a hang or a transient provider failure left it undone
 * (ADR 0013). The automatic receipt follows a payment that went through.
 */
export function createSettlement(
  deps: Pick<SessionServiceDeps, 'sessions' | 'payments' | 'bus' | 'now' | 'log'>,
  receipts: Pick<Receipts, 'sendReceipt' | 'isAutomaticReceiptDue'>,
  settlementRetryMs: number,
) {
  const changed = (row: ChargingSessionRow) => announceSessionChanged(deps.bus, row);

  /** A session that never started: rejected once, its hold released. */
  async function reject(row: ChargingSessionRow): Promise<ChargingSessionRow> {
    const rejected = await deps.sessions.rejectPending(row.id);
    if (!rejected) return (await deps.sessions.findById(row.id)) ?? row;
    await deps.payments.release({ sessionId: row.id, userId: row.ownerId, intentId: row.intentId });
    const released =
      (await deps.sessions.update(row.id, {
        paymentStatus: row.paymentStatus === 'held' ? 'released' : row.paymentStatus,
      })) ?? rejected;
    changed(released);
    return released;
  }

  /** Takes the final cost once, however many times StopTransaction arrives. */
  async function settleOnce(row: ChargingSessionRow) {
    if (!(await deps.sessions.claimSettlement(row.id, deps.now()))) return;
    await settleClaimed(row, 1);
  }

  /** Settles a session this caller claimed: attempt 1 at the stop, later ones from the sweep. */
  async function settleClaimed(row: ChargingSessionRow, attempt: number) {
    const tariff = tariffInput.parse(row.tariff);
    const retryAt = () =>
      attempt < MAX_SETTLEMENT_ATTEMPTS
        ? new Date(deps.now().getTime() + settlementRetryMs * attempt)
        : null;
    let patch: Partial<ChargingSessionRow>;
    try {
      const result = await deps.payments.settle({
        userId: row.ownerId,
        sessionId: row.id,
        source: row.source as PaymentMethod,
        intentId: row.intentId,
        amountMinor: row.costTotal,
        currency: tariff.currency,
        attempt,
      });
      patch = {
        paymentStatus: result.status,
        capturedMinor: result.captured,
        settlementRetryAt: result.retryable ? retryAt() : null,
      };
    } catch (error) {
      deps.log.warn({ sessionId: row.id, error: String(error) }, 'session payment not settled');
      patch = { paymentStatus: 'failed', settlementRetryAt: retryAt() };
    }
    if (patch.paymentStatus === 'failed' && !patch.settlementRetryAt) {
      deps.log.warn({ sessionId: row.id, attempt }, 'session payment failed for good');
    }
    const final = (await deps.sessions.update(row.id, patch)) ?? row;
    changed(final);
    if (final.paymentStatus === 'failed') return;
    if (await receipts.isAutomaticReceiptDue(final)) {
      if (await deps.sessions.claimReceipt(row.id, deps.now())) await receipts.sendReceipt(final);
    }
  }

  /** Pending sessions past their start deadline: the charger never started them. */
  async function rejectOverdue() {
    for (const row of await deps.sessions.overduePending(deps.now())) await reject(row);
  }

  /** Settlements a crash, a hang or a transient provider failure left undone (ADR 0013). */
  async function settleDue() {
    const now = deps.now();
    const staleBefore = new Date(now.getTime() - settlementRetryMs);
    const due = await deps.sessions.settlementsDue(now, staleBefore, MAX_SETTLEMENT_ATTEMPTS);
    for (const row of due) {
      if (!(await deps.sessions.reclaimSettlement(row.id, now, row.settlementAttempts))) continue;
      deps.log.warn(
        { sessionId: row.id, attempt: row.settlementAttempts + 1 },
        'settling a session again',
      );
      await settleClaimed(row, row.settlementAttempts + 1);
    }
  }

  return {
    reject,
    settleOnce,
    rejectOverdue,
    settleDue,
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
