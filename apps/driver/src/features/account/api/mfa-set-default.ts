import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';

/** spec 000 §3: makes a method the default; answers the methods. */
export function mfaSetDefault(request: CallRequest<'mfaSetDefault'>) {
  return callApi('mfaSetDefault', request);
}
