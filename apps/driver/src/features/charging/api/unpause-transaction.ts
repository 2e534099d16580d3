import { callApi } from '../../../lib/api/client.ts';

/** POST /development/charger/unpause/{transactionid}: answers the session view. */
export function unpauseTransaction(sessionId: string) {
  return callApi('unpauseTransaction', {}, { params: { transactionid: sessionId } });
}
