import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TransactionView } from '@evc/contract';
import { sessionByIdQuery } from '../api/calls/get-transaction-by-id.ts';
import { latestSessionQuery } from '../api/calls/latest-user-transaction.ts';

/** Writes each pushed session view where the pages read it: by its id, and as the latest one. */
export function useSessionViewWriter() {
  const queryClient = useQueryClient();
  return useCallback(
    (session: TransactionView) => {
      queryClient.setQueryData(sessionByIdQuery(session._id).queryKey, session);
      queryClient.setQueryData(latestSessionQuery.queryKey, (latest) =>
        !latest || latest._id === session._id || latest.createdAt <= session.createdAt
          ? session
          : latest,
      );
    },
    [queryClient],
  );
}
