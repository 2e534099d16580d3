import type { CallRequest } from '@evc/contract';
import { callApi } from '../client.ts';

/** spec 000 §3: sends a sign-in code by e-mail or text message. */
export function mfaRequestToken(request: CallRequest<'mfaRequestToken'>) {
  return callApi('mfaRequestToken', request);
}
