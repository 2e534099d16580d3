import type { AppPlatform, WebWallets } from '@evc/domain';

/** What the wallet sheet shows and charges: the hold for a charge, in minor units. */
export interface WalletPaymentRequest {
  /** ISO country of the merchant account, e.g. 'GB'. */
  country: string;
  /** ISO currency, e.g. 'GBP'. */
  currency: string;
  amountMinor: number;
  label: string;
}

export type Wallet = 'APPLEPAY' | 'GOOGLEPAY';

/**
 * The wallet's payment method goes to `authorise`, which creates and confirms the payment intent
 * with it and answers whether the payment went through; the sheet then shows success or failure.
 */
export type AuthoriseWalletPayment = (paymentMethodId: string) => Promise<boolean>;

export type WalletOutcome = 'paid' | 'failed' | 'cancelled';

export interface WalletPay {
  platform: AppPlatform;
  /** What the platform itself reports it can pay with here; never assumed. */
  availability(request: WalletPaymentRequest): Promise<WebWallets>;
  pay(
    wallet: Wallet,
    request: WalletPaymentRequest,
    authorise: AuthoriseWalletPayment,
  ): Promise<WalletOutcome>;
}
