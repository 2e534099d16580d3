import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';

/** spec 000 §3: starts enrolling a second step; answers what the driver confirms it with. */
export function mfaSetup(request: CallRequest<'mfaSetup'>) {
  return callApi('mfaSetup', request);
}
