import { isCableHeld } from './cable-held.ts';
import type { PaymentMethod } from './constants.ts';
import { needsPaymentIntent } from './payment-methods.ts';
import { hasOverstayFees, type SessionTariff } from './session-cost.ts';

export interface HoldUse {
  method: PaymentMethod;
  /** The session's cost so far, minor units. */
  totalMinor: number;
  /** What the card was held for, minor units. */
  heldMinor: number;
}

/**
 * ADR 0013: a card session's overstay never takes its total above the hold the driver consented
 * to; once the cost reaches it, more overstay could not be charged. Credit and fuel-card sessions
 * hold nothing and are capped only by the unplug wait limit.
 */
export function isHoldExhausted({ method, totalMinor, heldMinor }: HoldUse): boolean {
  return needsPaymentIntent(method) && totalMinor >= heldMinor;
}

export interface StopFacts extends HoldUse {
  tariff: SessionTariff;
  /** StopTransaction's reason: EVDisconnected says the cable came out as the session stopped. */
  stopReason: string | null | undefined;
  /** The session's connector's last reported status; null when the connector is unknown. */
  connectorStatus: string | null;
}

/**
 * ADR 0013: at StopTransaction, a session at a tariff with overstay fees whose cable is still in
 * keeps the bay: it finishes but awaits the unplug, and is settled then. Not when the stop came
 * with the cable out (EVDisconnected, or the connector holds none), nor once the hold is used up.
 */
export function awaitsUnplug(facts: StopFacts): boolean {
  return (
    hasOverstayFees(facts.tariff) &&
    facts.stopReason !== 'EVDisconnected' &&
    !isHoldExhausted(facts) &&
    isCableHeld(facts.connectorStatus)
  );
}

/**
 * ADR 0013: a new transaction on the connector (started from Finishing, or the charger missed
 * reporting Available while offline) means the car that overstayed left the bay by its start: a
 * session stopped by then ends its wait there. Its own transaction, replayed, does not.
 */
export function isUnplugWaitEndedByStart(
  waiting: { transactionId: number | null; stoppedAt: Date | null },
  started: { transactionId: number; startedAt: Date },
): boolean {
  return (
    waiting.transactionId !== started.transactionId &&
    waiting.stoppedAt !== null &&
    waiting.stoppedAt <= started.startedAt
  );
}
