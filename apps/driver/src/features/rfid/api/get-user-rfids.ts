import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { callQueryKey } from '../../../lib/api/call-query-key.ts';

/** spec 000 §7: POST /getUserRFIDs {userid} — the driver's linked cards. */
export const getUserRfids = (userid: string, signal?: AbortSignal) =>
  callApi('getUserRFIDs', { userid }, { signal });

export const userRfidsQuery = (userid: string) =>
  queryOptions({
    queryKey: callQueryKey('getUserRFIDs', { userid }),
    queryFn: ({ signal }) => getUserRfids(userid, signal),
  });

export function useUserRfids(userid: string | undefined) {
  return useQuery({ ...userRfidsQuery(userid ?? ''), enabled: Boolean(userid) });
}
