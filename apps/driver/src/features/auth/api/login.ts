import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';

/** spec 000 §4: signs in; answers the MFA stage, or the user with their tokens. */
export function login(request: CallRequest<'login'>) {
  return callApi('login', request);
}
