import {
  ApplePayEventsEnum,
  GooglePayEventsEnum,
  Stripe,
  type PaymentSummaryItem,
} from '@capacitor-community/stripe';
import { minorToMajor, type WebWallets } from '@evc/domain';
import {
  failureMessage,
  type Wallet,
  type WalletOutcome,
  type WalletPay,
  type WalletPaymentRequest,
} from './wallet-pay-types.ts';

const NO_WALLETS: WebWallets = { applePay: false, googlePay: false };

export interface NativeWalletSettings {
  /** The brand's Stripe publishable key; without one there is no Stripe to pay through. */
  publishableKey: string | null;
  /** The brand's Apple Pay merchant identifier; Apple Pay needs one. */
  applePayMerchantId: string | null;
}

/** The sheet shows major units (30.00), in the currency's own ISO 4217 digits. */
function summary(request: WalletPaymentRequest): PaymentSummaryItem[] {
  const digits = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: request.currency.toUpperCase(),
  }).resolvedOptions().maximumFractionDigits;
  return [{ label: request.label, amount: minorToMajor(request.amountMinor, digits) }];
}

const initialised = new Map<string, Promise<void>>();

/** The SDK is set up once per publishable key; a failed set-up is tried again next time. */
function initialise(publishableKey: string): Promise<void> {
  let ready = initialised.get(publishableKey);
  if (!ready) {
    ready = Stripe.initialize({ publishableKey }).catch((error: unknown) => {
      initialised.delete(publishableKey);
      throw error;
    });
    initialised.set(publishableKey, ready);
  }
  return ready;
}

/** Both SDKs answer Completed once the intent is confirmed: held (manual) or paid (automatic). */
function outcome(
  result: string,
  completed: string,
  canceled: string,
  intentId: string,
): WalletOutcome {
  if (result === completed) return { kind: 'paid', intentId };
  if (result === canceled) return { kind: 'cancelled' };
  return { kind: 'failed', message: null };
}

/**
 * Google Pay on Android and Apple Pay on iOS through Stripe's native SDKs
 * (@capacitor-community/stripe). Unlike the browser's sheet, the native one confirms an intent
 * that exists before it opens: our server makes it first (no payment method yet), the sheet then
 * confirms it with the wallet's card. The Android app's manifest must switch Google Pay on for
 * the SDK (docs/decisions/0011-wallet-payments.md); until it does, the SDK reports Google Pay
 * unavailable.
 */
export function nativeWalletPay(
  platform: 'android' | 'ios',
  settings: NativeWalletSettings,
): WalletPay {
  const { publishableKey, applePayMerchantId } = settings;
  const wallet: Wallet = platform === 'android' ? 'GOOGLEPAY' : 'APPLEPAY';

  async function present(
    request: WalletPaymentRequest,
    clientSecret: string,
    intentId: string,
  ): Promise<WalletOutcome> {
    if (wallet === 'GOOGLEPAY') {
      await Stripe.createGooglePay({
        paymentIntentClientSecret: clientSecret,
        paymentSummaryItems: summary(request),
        countryCode: request.country.toUpperCase(),
        currency: request.currency.toUpperCase(),
      });
      const { paymentResult } = await Stripe.presentGooglePay();
      return outcome(
        paymentResult,
        GooglePayEventsEnum.Completed,
        GooglePayEventsEnum.Canceled,
        intentId,
      );
    }
    await Stripe.createApplePay({
      paymentIntentClientSecret: clientSecret,
      paymentSummaryItems: summary(request),
      merchantIdentifier: applePayMerchantId ?? '',
      countryCode: request.country.toUpperCase(),
      currency: request.currency.toUpperCase(),
    });
    const { paymentResult } = await Stripe.presentApplePay();
    return outcome(
      paymentResult,
      ApplePayEventsEnum.Completed,
      ApplePayEventsEnum.Canceled,
      intentId,
    );
  }

  const usable = (): string | null =>
    publishableKey && (wallet === 'GOOGLEPAY' || applePayMerchantId) ? publishableKey : null;

  return {
    platform,
    async availability() {
      const key = usable();
      if (!key) return NO_WALLETS;
      try {
        await initialise(key);
        if (wallet === 'GOOGLEPAY') {
          await Stripe.isGooglePayAvailable();
          return { applePay: false, googlePay: true };
        }
        await Stripe.isApplePayAvailable();
        return { applePay: true, googlePay: false };
      } catch {
        // Both SDKs answer "unavailable" by rejecting.
        return NO_WALLETS;
      }
    },
    async pay(chosen, request, createIntent) {
      const key = usable();
      if (!key || chosen !== wallet) return { kind: 'failed', message: null };
      try {
        await initialise(key);
        const intent = await createIntent();
        return await present(request, intent.clientSecret, intent.intentId);
      } catch (error) {
        return { kind: 'failed', message: failureMessage(error) };
      }
    },
  };
}
