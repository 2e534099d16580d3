import type { CallRequest } from '@evc/contract';
import { callApi } from '../client.ts';

/** POST /logout: the server forgets these tokens. */
export function logout(tokens: CallRequest<'logout'>['tokens']) {
  return callApi('logout', { tokens });
}
