import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';

/** POST /sandbox/payment_methods: the sandbox provider's card token (Stripe.js makes it otherwise). */
export function sandboxCreatePaymentMethod(card: CallRequest<'sandboxCreatePaymentMethod'>) {
  return callApi('sandboxCreatePaymentMethod', card);
}
