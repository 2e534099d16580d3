import { callApi } from '../../../lib/api/client.ts';

/** POST /remoteStopTransaction {transactionid}: answers the session view. */
export function remoteStopTransaction(sessionId: string) {
  return callApi('remoteStopTransaction', { transactionid: sessionId });
}
