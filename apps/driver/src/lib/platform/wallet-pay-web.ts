import type { PaymentRequest, Stripe } from '@stripe/stripe-js';
import type { WebWallets } from '@evc/domain';
import { stripeFor } from '../stripe.ts';
import type { WalletPay, WalletPaymentRequest } from './wallet-pay-types.ts';

const NO_WALLETS: WebWallets = { applePay: false, googlePay: false };

function paymentRequest(stripe: Stripe, request: WalletPaymentRequest): PaymentRequest {
  return stripe.paymentRequest({
    country: request.country.toUpperCase(),
    currency: request.currency.toLowerCase(),
    total: { label: request.label, amount: request.amountMinor },
  });
}

/**
 * Wallets in a browser: the Payment Request API through Stripe.js, so only with the brand's Stripe
 * key, and only what the browser says it can do (Apple Pay in Safari, Google Pay in Chrome).
 */
export function webWalletPay(publishableKey: string | null): WalletPay {
  return {
    platform: 'web',
    async availability(request) {
      if (!publishableKey) return NO_WALLETS;
      const stripe = await stripeFor(publishableKey);
      if (!stripe) return NO_WALLETS;
      const result = await paymentRequest(stripe, request).canMakePayment();
      return { applePay: result?.applePay === true, googlePay: result?.googlePay === true };
    },
    async pay(_wallet, request, authorise) {
      const stripe = publishableKey ? await stripeFor(publishableKey) : null;
      if (!stripe) return 'failed';
      const sheet = paymentRequest(stripe, request);
      return new Promise((resolve) => {
        sheet.on('paymentmethod', (event) => {
          authorise(event.paymentMethod.id)
            .catch(() => false)
            .then((paid) => {
              event.complete(paid ? 'success' : 'fail');
              resolve(paid ? 'paid' : 'failed');
            })
            .catch(() => resolve('failed'));
        });
        sheet.on('cancel', () => resolve('cancelled'));
        sheet.show();
      });
    },
  };
}
