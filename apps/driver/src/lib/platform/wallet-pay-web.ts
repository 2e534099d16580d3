import type { PaymentRequest, Stripe, StripeError } from '@stripe/stripe-js';
import type { WebWallets } from '@evc/domain';
import { requireWebPlatform, stripeFor } from '../stripe.ts';
import {
  failureMessage,
  type CreateWalletIntent,
  type WalletOutcome,
  type WalletPay,
  type WalletPaymentRequest,
} from './wallet-pay-types.ts';

const NO_WALLETS: WebWallets = { applePay: false, googlePay: false };
/** A hold placed (manual capture) or the money taken (automatic capture). */
const PAID_STATUSES: readonly string[] = ['requires_capture', 'succeeded'];

function paymentRequest(stripe: Stripe, request: WalletPaymentRequest): PaymentRequest {
  return stripe.paymentRequest({
    country: request.country.toUpperCase(),
    currency: request.currency.toLowerCase(),
    total: { label: request.label, amount: request.amountMinor },
  });
}

function refused(error: StripeError): WalletOutcome {
  return error.type === 'card_error'
    ? { kind: 'declined', message: error.message ?? '' }
    : { kind: 'failed', message: error.message ?? null };
}

/**
 * The wallet's payment method pays a new intent of ours: made now (our server needs no payment
 * method up front), confirmed with Stripe.js. The sheet is answered as soon as the bank has; any
 * 3-D Secure step runs after it has closed.
 */
async function confirmWithWallet(
  stripe: Stripe,
  createIntent: CreateWalletIntent,
  paymentMethodId: string,
  complete: (status: 'success' | 'fail') => void,
): Promise<WalletOutcome> {
  let intent;
  try {
    intent = await createIntent();
  } catch (error) {
    complete('fail');
    return { kind: 'failed', message: failureMessage(error) };
  }
  const first = await stripe.confirmCardPayment(
    intent.clientSecret,
    { payment_method: paymentMethodId },
    { handleActions: false },
  );
  complete(first.error ? 'fail' : 'success');
  if (first.error) return refused(first.error);
  let status = first.paymentIntent.status;
  if (status === 'requires_action') {
    const second = await stripe.confirmCardPayment(intent.clientSecret);
    if (second.error) return refused(second.error);
    status = second.paymentIntent.status;
  }
  return PAID_STATUSES.includes(status)
    ? { kind: 'paid', intentId: intent.intentId }
    : { kind: 'failed', message: null };
}

/**
 * Wallets in a browser: the Payment Request API through Stripe.js, so only with the brand's Stripe
 * key, and only what the browser says it can do (Apple Pay in Safari, Google Pay in Chrome).
 */
export function webWalletPay(publishableKey: string | null): WalletPay {
  return {
    platform: 'web',
    async availability(request) {
      // The Payment Request API is the browser's: INVALID_METHOD_CALL anywhere else (000 §8).
      requireWebPlatform();
      if (!publishableKey) return NO_WALLETS;
      const stripe = await stripeFor(publishableKey);
      if (!stripe) return NO_WALLETS;
      const result = await paymentRequest(stripe, request).canMakePayment();
      return { applePay: result?.applePay === true, googlePay: result?.googlePay === true };
    },
    async pay(_wallet, request, createIntent) {
      const stripe = publishableKey ? await stripeFor(publishableKey) : null;
      // spec 000 §8: NOT_INITIALISED, the payment provider could not be set up here.
      if (!stripe) return { kind: 'failed', message: null, code: 'NOT_INITIALISED' };
      const sheet = paymentRequest(stripe, request);
      return new Promise((resolve) => {
        sheet.on('paymentmethod', (event) => {
          let answered = false;
          const complete = (status: 'success' | 'fail') => {
            if (answered) return;
            answered = true;
            event.complete(status);
          };
          void confirmWithWallet(stripe, createIntent, event.paymentMethod.id, complete)
            .catch((error: unknown): WalletOutcome => {
              complete('fail');
              return { kind: 'failed', message: failureMessage(error) };
            })
            .then(resolve);
        });
        sheet.on('cancel', () => resolve({ kind: 'cancelled' }));
        sheet.show();
      });
    },
  };
}
