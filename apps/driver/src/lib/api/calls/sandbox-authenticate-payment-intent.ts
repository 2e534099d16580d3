import { callApi } from '../client.ts';

/** The driver's answer to the sandbox's simulated 3-D Secure challenge. */
export function sandboxAuthenticatePaymentIntent(intentId: string, outcome: 'approve' | 'fail') {
  return callApi('sandboxAuthenticatePaymentIntent', { outcome }, { params: { id: intentId } });
}
