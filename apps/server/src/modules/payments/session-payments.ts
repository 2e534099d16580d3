import type { CardSessionSource, PaymentMethod } from '@evc/domain';

/** A hold that secures a charging session: an intent in `requires_capture` owned by the driver. */
export interface SessionHold {
  intentId: string;
  /** Minor units that may be captured. */
  amountCapturable: number;
  currency: string;
}

/**
 * What the sessions module needs from payments, and nothing more. Every method is idempotent
 * for the same `sessionId`: a StopTransaction that arrives twice settles once.
 */
export interface SessionPayments {
  /**
   * Checks that the driver may start with this method at a charger with this tariff
   * (000 §4–§5): PAYG and wallets need a held intent of theirs not yet used by another session;
   * CREDIT needs a free tariff or a balance above 0, in the tariff's currency; FUELCARD needs `payableByFuelCard` and a
   * saved fuel card. Throws an AppError (402 or 409 with a code) naming what is missing.
   */
  authoriseStart(input: {
    userId: string;
    sessionId: string;
    source: PaymentMethod;
    intentId: string | null;
    tariff: { payableByFuelCard: boolean; free: boolean; currency: string };
  }): Promise<{ held: number; hold: SessionHold | null }>;

  /**
   * Who pays a session the driver's RFID card starts at a charger with this tariff: their credit
   * when usable, else their default card, else nobody (null). The rule is `cardSessionSource`.
   */
  cardSessionSource(input: {
    userId: string;
    tariffFree: boolean;
    /** Credit pays only a tariff in the credit's own currency (issue 19). */
    tariffCurrency: string;
  }): Promise<CardSessionSource | null>;

  /**
   * For a session the driver's RFID card started, with nobody at the app: holds the
   * pre-authorisation (nothing for a free tariff) off-session on their default card and ties the
   * intent to the session, which then settles as PAYG. Throws a 402 AppError when there is no
   * default card or the provider refuses (a card that needs 3-D Secure included).
   */
  holdDefaultCard(input: {
    userId: string;
    sessionId: string;
    tariff: { free: boolean; currency: string };
  }): Promise<{ held: number; hold: SessionHold | null }>;

  /**
   * Takes the final cost (only from a hold of the session's own driver): captures it from the hold (the rest released; a cost of 0 cancels the
   * hold), debits it from the credit balance, or records it against the fuel card. A hold found
   * already captured (an earlier attempt whose answer was lost) is recorded as it stands.
   * `retryable` marks a failure that may pass on another attempt (the provider unreachable or
   * erring); a refusal (a declined card, no hold) is final.
   */
  settle(input: {
    userId: string;
    sessionId: string;
    source: PaymentMethod;
    intentId: string | null;
    amountMinor: number;
    currency: string;
    /** 1 for the first attempt; later attempts after a failure count on. */
    attempt?: number;
  }): Promise<{
    captured: number;
    status: 'captured' | 'released' | 'debited' | 'invoiced' | 'failed';
    retryable?: true;
  }>;

  /**
   * Releases the hold of a session that never started (the charger refused, no cable came). Only
   * an intent of the session's driver (`userId`) that secures no other session is canceled.
   */
  release(input: { sessionId: string; userId: string; intentId: string | null }): Promise<void>;

  /**
   * A settled session turned out to cost more (its charger's StopTransaction came after it was
   * ended without it): the difference is owed on the driver's balance, like every cost beyond a hold
   * is, once per session; never a second capture.
   */
  oweAfterSettlement(input: {
    userId: string;
    sessionId: string;
    amountMinor: number;
  }): Promise<void>;
}
