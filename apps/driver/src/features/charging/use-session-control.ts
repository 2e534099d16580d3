import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransactionView } from '@evc/contract';
import { sessionByIdQuery } from '../../lib/api/calls/get-transaction-by-id.ts';
import { pauseTransaction } from './api/pause-transaction.ts';
import { remoteStopTransaction } from './api/remote-stop-transaction.ts';
import { unpauseTransaction } from './api/unpause-transaction.ts';

export type SessionControl = 'pause' | 'resume' | 'stop';

function sendControl(control: SessionControl, sessionId: string): Promise<TransactionView> {
  switch (control) {
    case 'pause':
      return pauseTransaction(sessionId);
    case 'resume':
      return unpauseTransaction(sessionId);
    case 'stop':
      return remoteStopTransaction(sessionId);
  }
}

/**
 * Pause, resume and stop as one control, so the page shows one pending state and one error; each
 * answers the session view, which replaces the cached one.
 */
export function useSessionControl(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (control: SessionControl) => sendControl(control, sessionId),
    onSuccess: (session) =>
      queryClient.setQueryData(sessionByIdQuery(session._id).queryKey, session),
  });
}
