import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';

/** spec 000 §4: sets a new password with the token from the reset e-mail. */
export function resetPassword(request: CallRequest<'resetPassword'>) {
  return callApi('resetPassword', request);
}
