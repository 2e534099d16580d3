import type { CallRequest } from '@evc/contract';
import { callApi } from '../client.ts';

/** POST /initiatePaymentIntent: an intent for a charge's hold or a top-up, with its secret. */
export function initiatePaymentIntent(request: CallRequest<'initiatePaymentIntent'>) {
  return callApi('initiatePaymentIntent', request);
}
