import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransactionView } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';
import { transactionKey } from './use-transaction.ts';

export type SessionControl = 'pause' | 'resume' | 'stop';

function sendControl(control: SessionControl, transactionid: string): Promise<TransactionView> {
  switch (control) {
    case 'pause':
      return callApi('pauseTransaction', {}, { params: { transactionid } });
    case 'resume':
      return callApi('unpauseTransaction', {}, { params: { transactionid } });
    case 'stop':
      return callApi('remoteStopTransaction', { transactionid });
  }
}

/**
 * Pause (POST /development/charger/pause/{id}), resume (…/unpause/{id}) and stop
 * (POST /remoteStopTransaction); each answers the session view, which replaces the cached one.
 */
export function useSessionControl(transactionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (control: SessionControl) => sendControl(control, transactionId),
    onSuccess: (session) => queryClient.setQueryData(transactionKey(session._id), session),
  });
}
