import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionByIdQuery } from '../../../lib/api/calls/get-transaction-by-id.ts';
import { latestSessionQuery } from '../../../lib/api/calls/latest-user-transaction.ts';
import { callQueryKey } from '../../../lib/api/call-query-key.ts';
import { callApi } from '../../../lib/api/client.ts';

/** What a start or a stop changes: the charger's status and its sessions. */
export function useChargerChanged() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: callQueryKey('listHomeChargers') });
    void queryClient.invalidateQueries({ queryKey: callQueryKey('getChargeHistory') });
  }, [queryClient]);
}

/**
 * POST /remoteStartTransaction at the owner's own home charger: nothing to pay there, so no
 * payment is chosen; answers the new session's view.
 */
export function useStartHomeCharge() {
  const queryClient = useQueryClient();
  const changed = useChargerChanged();
  return useMutation({
    mutationFn: (request: { chargerid: string; connectorid: number }) =>
      callApi('remoteStartTransaction', { ...request, source: 'CREDIT', intent_id: null }),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionByIdQuery(session._id).queryKey, session);
      queryClient.setQueryData(latestSessionQuery.queryKey, session);
      changed();
    },
  });
}

/** POST /remoteStopTransaction {transactionid}: answers the session view. */
export function useStopHomeCharge() {
  const queryClient = useQueryClient();
  const changed = useChargerChanged();
  return useMutation({
    mutationFn: (sessionId: string) =>
      callApi('remoteStopTransaction', { transactionid: sessionId }),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionByIdQuery(session._id).queryKey, session);
      queryClient.setQueryData(latestSessionQuery.queryKey, session);
      changed();
    },
  });
}
