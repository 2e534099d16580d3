import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';

/** spec 000 §7: the driver changes their password, giving the current one. */
export function updatePassword(request: CallRequest<'updatePassword'>) {
  return callApi('updatePassword', request);
}
