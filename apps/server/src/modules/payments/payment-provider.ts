import type { PAYMENT_INTENT_STATUSES } from '@evc/contract';
import type { CaptureMethod, PaymentPurpose, Wallet } from '@evc/domain';
import type { Db } from '../../platform/db/database.ts';
import type { PaymentProviderKind } from '../../platform/db/schema.ts';

export type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];

/** A card as the provider describes it, before the driver saves it. */
export interface ProviderCard {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  country: string | null;
  funding: string | null;
  name: string | null;
  address_line1: string | null;
  address_city: string | null;
  address_postal_code: string | null;
  address_country: string | null;
  /** The wallet that gave the card (Stripe's card.wallet), null for a card typed in. */
  wallet: Wallet | null;
}

/** The name and billing address on a card (country: ISO 3166 alpha-2). */
export interface BillingDetails {
  name: string;
  address_line1: string;
  address_city: string;
  address_postal_code: string;
  address_country: string;
}

/** An intent's state as the provider reports it. Amounts in minor units. */
export interface IntentSnapshot {
  id: string;
  clientSecret: string;
  amount: number;
  amountCapturable: number;
  amountReceived: number;
  currency: string;
  status: PaymentIntentStatus;
  captureMethod: CaptureMethod;
  paymentMethodId: string | null;
  lastError: string | null;
}

/** Who pays: a user, or a guest (no address unless it gave one for receipts). */
export interface PayingUser {
  id: string;
  email?: string;
  name: string;
}

/**
 * Stripe's payment model, behind which the sandbox and Stripe sit. Every mutating call takes an
 * idempotency key, which Stripe honours (a repeat answers the first result). The sandbox runs
 * inside the caller's transaction instead, and refuses a move its state does not allow (a second
 * capture is a 409), so callers make each move once: SessionPayments by its row lock.
 */
export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /**
   * Saves a payment method the driver created with the provider to their customer and describes
   * it. Throws a 404 AppError when it is not theirs to save.
   */
  attachPaymentMethod(user: PayingUser, paymentMethodId: string): Promise<ProviderCard>;
  detachPaymentMethod(paymentMethodId: string, idempotencyKey: string): Promise<void>;
  /** Sets the name and billing address the provider keeps on a saved payment method. */
  updateBillingDetails(paymentMethodId: string, billing: BillingDetails): Promise<void>;
  createIntent(input: {
    user: PayingUser;
    amount: number;
    currency: string;
    captureMethod: CaptureMethod;
    purpose: PaymentPurpose;
    /**
     * The saved card paying. Absent for a wallet: the intent waits in requires_payment_method
     * and the driver's wallet (Apple Pay, Google Pay) confirms it with its own payment method.
     */
    paymentMethodId?: string;
    idempotencyKey: string;
  }): Promise<IntentSnapshot>;
  /**
   * Holds `amount` on the driver's saved card without them (Stripe `off_session`, confirmed at
   * once, manual capture). A held intent is `requires_capture`; a refusal answers the intent as
   * the provider left it (`requires_payment_method` with `lastError`), a card that needs the
   * driver to authenticate included, so the caller records it and decides.
   */
  holdOffSession(input: {
    user: PayingUser;
    amount: number;
    currency: string;
    paymentMethodId: string;
    idempotencyKey: string;
  }): Promise<IntentSnapshot>;
  retrieveIntent(intentId: string): Promise<IntentSnapshot>;
  /** Captures `amount` of a held intent; the rest of the hold is released. */
  capture(intentId: string, amount: number, idempotencyKey: string): Promise<IntentSnapshot>;
  /** Cancels an intent, releasing any hold; `abandoned` tells the provider nobody will use it. */
  cancel(intentId: string, idempotencyKey: string, reason?: 'abandoned'): Promise<IntentSnapshot>;
  /**
   * Gives back `amount` of what a succeeded intent took (support, issue 18); the caller keeps
   * the total refunded within what was received. Answers the provider's refund id.
   */
  refund(input: {
    intentId: string;
    amount: number;
    reason: string;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
}

/**
 * Builds the provider on a database handle: the sandbox keeps its state in the database, and a
 * caller inside a transaction hands it that transaction so the provider's writes commit with it.
 */
export type PaymentProviderFactory = (db: Db) => PaymentProvider;
