import { callApi } from '../client.ts';

/** The sandbox provider confirms an intent with a saved card (Stripe.js does it otherwise). */
export function sandboxConfirmPaymentIntent(intentId: string, cardId: string) {
  return callApi(
    'sandboxConfirmPaymentIntent',
    { payment_method: cardId },
    { params: { id: intentId } },
  );
}
