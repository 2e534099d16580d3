import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';

/** spec 000 §4: e-mails a password reset link. */
export function forgotPassword(request: CallRequest<'forgotPassword'>) {
  return callApi('forgotPassword', request);
}
