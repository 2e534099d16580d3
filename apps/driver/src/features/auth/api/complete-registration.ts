import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';

/** spec 000 §4: confirms a registration with the token from its e-mail. */
export function completeRegistration(request: CallRequest<'completeRegistration'>) {
  return callApi('completeRegistration', request);
}
