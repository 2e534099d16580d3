import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';

/** spec 000 §3: removes a second step; answers the methods left. */
export function mfaRemove(request: CallRequest<'mfaRemove'>) {
  return callApi('mfaRemove', request);
}
