import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionByIdQuery } from '../../../lib/api/calls/get-transaction-by-id.ts';
import { latestSessionQuery } from '../../../lib/api/calls/latest-user-transaction.ts';
import { callApi } from '../../../lib/api/client.ts';

/**
 * POST /remoteStartTransaction at the owner's own home charger: nothing to pay there, so no
 * payment is chosen; answers the new session's view.
 */
export function useStartHomeCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { chargerid: string; connectorid: number }) =>
      callApi('remoteStartTransaction', { ...request, source: 'CREDIT', intent_id: null }),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionByIdQuery(session._id).queryKey, session);
      queryClient.setQueryData(latestSessionQuery.queryKey, session);
    },
  });
}

/** POST /remoteStopTransaction {transactionid}: answers the session view. */
export function useStopHomeCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      callApi('remoteStopTransaction', { transactionid: sessionId }),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionByIdQuery(session._id).queryKey, session);
      queryClient.setQueryData(latestSessionQuery.queryKey, session);
    },
  });
}
