import type Stripe from 'stripe';
import type { IntentSnapshot, PaymentIntentStatus } from './payment-provider.ts';

/** Stripe's intent as our snapshot. */
export function stripeIntentSnapshot(intent: Stripe.PaymentIntent): IntentSnapshot {
  const method = intent.payment_method;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amount: intent.amount,
    amountCapturable: intent.amount_capturable,
    amountReceived: intent.amount_received,
    currency: intent.currency,
    status: intent.status as PaymentIntentStatus,
    captureMethod: intent.capture_method === 'manual' ? 'manual' : 'automatic',
    paymentMethodId: typeof method === 'string' ? method : (method?.id ?? null),
    lastError: intent.last_payment_error?.message ?? null,
  };
}
