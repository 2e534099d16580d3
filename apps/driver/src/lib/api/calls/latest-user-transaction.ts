import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../client.ts';
import { callQueryKey } from '../call-query-key.ts';

/** GET /development/transaction/user/latest: the driver's latest charging session, or null. */
export const latestUserTransaction = () => callApi('latestUserTransaction', undefined);

export const latestSessionQuery = queryOptions({
  queryKey: callQueryKey('latestUserTransaction'),
  queryFn: latestUserTransaction,
});

/** The latest session as last read or pushed, without following it (settings' car range). */
export function useLatestSession() {
  return useQuery({ ...latestSessionQuery, retry: false });
}
