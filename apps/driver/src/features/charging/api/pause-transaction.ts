import { callApi } from '../../../lib/api/client.ts';

/** POST /development/charger/pause/{transactionid}: answers the session view. */
export function pauseTransaction(sessionId: string) {
  return callApi('pauseTransaction', {}, { params: { transactionid: sessionId } });
}
