import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TransactionView } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';
import { useSessionLive } from '../../../lib/live/session-live.ts';

/** How often an open session page asks for the session while the live stream is down. */
export const SESSION_REFRESH_MS = 3000;

export const transactionKey = (transactionId: string) => ['transaction', transactionId] as const;
export const latestTransactionKey = ['transaction', 'latest'] as const;

/** Writes each pushed session view where the pages read it: by id, and as the latest one. */
function useApplySessionEvent() {
  const queryClient = useQueryClient();
  return useCallback(
    (session: TransactionView) => {
      queryClient.setQueryData(transactionKey(session._id), session);
      queryClient.setQueryData<TransactionView | null>(latestTransactionKey, (latest) =>
        !latest || latest._id === session._id || latest.createdAt <= session.createdAt
          ? session
          : latest,
      );
    },
    [queryClient],
  );
}

/**
 * POST /getTransactionByID, kept fresh while the page is open: pushed session views, polling
 * while the stream is down, no polling once the session has ended and been paid.
 */
export function useTransaction(transactionId: string) {
  const applyEvent = useApplySessionEvent();
  const live = useSessionLive(applyEvent, transactionId !== '');
  return useQuery({
    queryKey: transactionKey(transactionId),
    queryFn: () => callApi('getTransactionByID', { transactionid: transactionId }),
    enabled: transactionId !== '',
    refetchInterval: (query) => {
      const session = query.state.data;
      if (session?.state === 'rejected') return false;
      // A finished session still changes until it is paid (an overstay waiting for the unplug).
      const paid =
        session?.state === 'finished' && !['none', 'held'].includes(session.payment.status);
      if (paid) return false;
      return live === 'live' ? false : SESSION_REFRESH_MS;
    },
  });
}

/** GET /development/transaction/user/latest: the driver's latest session, kept live. */
export function useLatestTransaction() {
  const applyEvent = useApplySessionEvent();
  const live = useSessionLive(applyEvent);
  return useQuery({
    queryKey: latestTransactionKey,
    queryFn: () => callApi('latestUserTransaction', undefined),
    refetchInterval: (query) =>
      live !== 'live' && query.state.data && !query.state.data.data.finished
        ? SESSION_REFRESH_MS
        : false,
  });
}
