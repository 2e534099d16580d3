import type { CallRequest } from '@evc/contract';
import { callApi } from '../client.ts';

/** spec 000 §3: the second sign-in step; answers the user with their tokens. */
export function mfaVerify(request: CallRequest<'mfaVerify'>) {
  return callApi('mfaVerify', request);
}
