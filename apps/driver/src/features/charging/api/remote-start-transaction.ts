import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';

/** POST /remoteStartTransaction: starts the charger; answers the new session's view. */
export function remoteStartTransaction(request: CallRequest<'remoteStartTransaction'>) {
  return callApi('remoteStartTransaction', request);
}
