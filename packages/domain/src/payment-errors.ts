import type { Wallet } from './payment-methods.ts';

/**
 * spec 000 §8: the internal payment errors by name, each with the message it carries: no card
 * selected, the payment provider not initialised, a web-only check called on another platform,
 * an intent's secret that could not be read, and the wallets' own failures.
 */
export const PAYMENT_ERRORS = {
  NO_CARD: 'NO_CARD',
  NOT_INITIALISED: 'NOT_INITIALISED',
  INVALID_METHOD_CALL: 'INVALID_METHOD_CALL',
  INVALID_SECRET: 'INVALID_SECRET',
  GOOGLE_PAY_FAILED: 'Google Pay Failed.',
  APPLE_PAY_FAILED: 'Apple Pay Failed',
} as const;
export type PaymentErrorName = keyof typeof PAYMENT_ERRORS;

/** The error a wallet's failure is known by when the wallet gives no reason. */
export const walletFailureError = (wallet: Wallet): PaymentErrorName =>
  wallet === 'GOOGLEPAY' ? 'GOOGLE_PAY_FAILED' : 'APPLE_PAY_FAILED';

/**
 * The intent a client secret belongs to: Stripe's (and the sandbox's) secret is
 * `{intent id}_secret_{random}`. Null when it cannot be read (spec 000 §8 INVALID_SECRET).
 */
export function intentIdOfSecret(secret: unknown): string | null {
  if (typeof secret !== 'string') return null;
  return /^(pi_[A-Za-z0-9_]+?)_secret_[A-Za-z0-9_-]+$/.exec(secret)?.[1] ?? null;
}

/** Stripe's payment-intent statuses. */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

/**
 * What a payment interrupted mid-way (a 3-D Secure redirect, an app restart, a lost connection)
 * does next, once its intent's status is read back from its secret (spec 000 §4):
 * - `paid`: the hold is placed (charge) or the money taken (top-up): carry on;
 * - `challenge`: the bank still asks for 3-D Secure: show it again;
 * - `refused`: the bank refused it (a decline, a failed challenge): say why;
 * - `unconfirmed`: it was never confirmed: the driver confirms again;
 * - `processing`: the bank has not answered yet: read it again;
 * - `cancelled`: it is gone: the driver starts over.
 */
export type ResumedPaymentStep =
  'paid' | 'challenge' | 'refused' | 'unconfirmed' | 'processing' | 'cancelled';

export function resumedPaymentStep(intent: {
  status: IntentStatus;
  captureMethod: 'manual' | 'automatic';
  /** The bank's reason for the last refusal, if any (Stripe's last_payment_error). */
  lastError: string | null;
}): ResumedPaymentStep {
  switch (intent.status) {
    case 'requires_capture':
      return intent.captureMethod === 'manual' ? 'paid' : 'processing';
    case 'succeeded':
      return 'paid';
    case 'requires_action':
      return 'challenge';
    case 'requires_payment_method':
      return intent.lastError ? 'refused' : 'unconfirmed';
    case 'requires_confirmation':
      return 'unconfirmed';
    case 'processing':
      return 'processing';
    case 'canceled':
      return 'cancelled';
  }
}
