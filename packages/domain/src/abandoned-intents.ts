import type { PaymentPurpose } from './payment-methods.ts';

/** Intent states that wait for the driver (a payment method, a confirmation, 3-D Secure). */
export const AWAITING_DRIVER_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
] as const;

/**
 * A top-up whose money may still arrive, in the currency it was made in: waiting for the driver
 * (to confirm it, or pass 3-D Secure) or processing (issue 19: the account's currency does not
 * change meanwhile). Succeeded is on the balance; canceled never will be.
 */
export const TOP_UP_UNFINISHED_STATUSES = [...AWAITING_DRIVER_STATUSES, 'processing'] as const;

export function isTopUpUnfinished(status: string): boolean {
  return (TOP_UP_UNFINISHED_STATUSES as readonly string[]).includes(status);
}

/** An intent still waiting for the driver this long after it was made is given up. */
export const DEFAULT_INTENT_ABANDON_AFTER_MS = 60 * 60_000;
/** spec 000 §4: how long a held, unused card intent is offered for reuse by PAYG. */
export const DEFAULT_HELD_INTENT_REUSE_MS = 24 * 60 * 60_000;
/** A hold listed as reusable just before its limit may still start a session this long after. */
export const HELD_INTENT_REUSE_GRACE_MS = 10 * 60_000;

export interface IntentSweepLimits {
  abandonAfterMs: number;
  heldReuseMs: number;
}

/**
 * Whether an intent nobody will use should be cancelled with the provider (ADR 0011). One a
 * session used is never touched. One waiting for the driver is given up after `abandonAfterMs`.
 * A charge hold on a saved card may be reused by PAYG (spec 000 §4), so it is kept while it is
 * offered for reuse, and a grace after; any other unused hold (a wallet's) serves one start only
 * and is released after `abandonAfterMs`. Succeeded, canceled and processing intents stay.
 */
export function isIntentAbandoned(
  intent: {
    status: string;
    purpose: PaymentPurpose;
    usedBySession: boolean;
    /** The hold is on one of the owner's saved cards, so PAYG may reuse it. */
    onSavedCard: boolean;
    ageMs: number;
  },
  limits: IntentSweepLimits,
): boolean {
  if (intent.usedBySession) return false;
  if ((AWAITING_DRIVER_STATUSES as readonly string[]).includes(intent.status)) {
    return intent.ageMs >= limits.abandonAfterMs;
  }
  if (intent.status !== 'requires_capture' || intent.purpose !== 'charge') return false;
  const keptFor = intent.onSavedCard
    ? limits.heldReuseMs + HELD_INTENT_REUSE_GRACE_MS
    : limits.abandonAfterMs;
  return intent.ageMs >= keptFor;
}
