import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';

/** spec 000 §3: confirms an enrolment with its first code. */
export function mfaSetupConfirm(request: CallRequest<'mfaSetupConfirm'>) {
  return callApi('mfaSetupConfirm', request);
}
