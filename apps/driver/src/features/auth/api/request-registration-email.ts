import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';

/** spec 000 §4: sends the registration e-mail again. */
export function requestRegistrationEmail(request: CallRequest<'requestRegistrationEmail'>) {
  return callApi('requestRegistrationEmail', request);
}
