import type { AppPlatform, PaymentErrorName, Wallet, WebWallets } from '@evc/domain';
import { ApiError } from '../api/api-error.ts';

export type { Wallet } from '@evc/domain';

/** What the wallet sheet shows and charges: the hold for a charge, in minor units. */
export interface WalletPaymentRequest {
  /** ISO country of the merchant account, e.g. 'GB'. */
  country: string;
  /** ISO currency, e.g. 'GBP'. */
  currency: string;
  amountMinor: number;
  label: string;
}

/** Our server's payment intent, made with the wallet as source and no payment method yet. */
export interface WalletIntent {
  intentId: string;
  clientSecret: string;
}

/**
 * Makes the payment intent on our server. A browser calls it once the Payment Request sheet hands
 * over the wallet's payment method, then confirms with Stripe.js; a phone calls it before it
 * presents the native sheet, which confirms the intent itself.
 */
export type CreateWalletIntent = () => Promise<WalletIntent>;

/**
 * How a wallet payment ended: paid (the hold placed, or the money taken), refused by the bank
 * (its message), failed for another reason, or the driver closed the sheet.
 */
export type WalletOutcome =
  | { kind: 'paid'; intentId: string }
  | { kind: 'declined'; message: string }
  | { kind: 'failed'; message: string | null; code?: PaymentErrorName }
  | { kind: 'cancelled' };

export interface WalletPay {
  platform: AppPlatform;
  /** What the platform itself reports it can pay with here; never assumed. */
  availability(request: WalletPaymentRequest): Promise<WebWallets>;
  pay(
    wallet: Wallet,
    request: WalletPaymentRequest,
    createIntent: CreateWalletIntent,
  ): Promise<WalletOutcome>;
}

/** Our server's words for a failure; a wallet SDK's own (untranslated) text is not shown. */
export function failureMessage(error: unknown): string | null {
  return error instanceof ApiError ? error.message : null;
}
