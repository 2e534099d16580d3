import type { PaymentMethod } from './constants.ts';

/** Issue 15: a guest has no credit balance and no fuel card; it pays by card or wallet. */
export const GUEST_PAYMENT_METHODS = ['PAYG', 'APPLEPAY', 'GOOGLEPAY'] as const;

export function isGuestPaymentMethod(source: PaymentMethod): boolean {
  return (GUEST_PAYMENT_METHODS as readonly string[]).includes(source);
}

/** A guest code unused this long (no session started, the code not used) is removed. */
export const GUEST_IDLE_PURGE_DAYS = 90;
const DAY_MS = 24 * 60 * 60_000;

/**
 * Whether a guest is removed by the purge (ADR 0021): neither seen (its code exchanged for
 * tokens, a token refreshed) nor a session started for GUEST_IDLE_PURGE_DAYS, and no session of
 * it still open. Its sessions and payments stay for the accounts, anonymous.
 */
export function isGuestPurgeDue(guest: {
  lastSeenAt: Date;
  lastSessionAt: Date | null;
  hasOpenSession: boolean;
  now: Date;
}): boolean {
  if (guest.hasOpenSession) return false;
  const lastActive = Math.max(guest.lastSeenAt.getTime(), guest.lastSessionAt?.getTime() ?? 0);
  return guest.now.getTime() - lastActive >= GUEST_IDLE_PURGE_DAYS * DAY_MS;
}

/** The cut-off before which a guest's last activity makes it due for the purge. */
export const guestPurgeCutoff = (now: Date) =>
  new Date(now.getTime() - GUEST_IDLE_PURGE_DAYS * DAY_MS);
