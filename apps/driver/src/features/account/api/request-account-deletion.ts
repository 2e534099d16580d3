import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';

/** spec 000 §7: the driver asks for their account to be deleted. */
export function requestAccountDeletion(request: CallRequest<'requestAccountDeletion'>) {
  return callApi('requestAccountDeletion', request);
}
