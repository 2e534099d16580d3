import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CallRequest, ChargeHistoryItem } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';
import { callQueryKey } from '../../../lib/api/call-query-key.ts';

/** How many items one page of history holds. */
export const HISTORY_PAGE_SIZE = 20;

/** POST /getChargeHistory {usercode, limit, startdate, lastid}: the driver's sessions, newest first. */
export const getChargeHistory = (request: CallRequest<'getChargeHistory'>) =>
  callApi('getChargeHistory', request);

/** The next page is everything after the oldest item shown (by start, then id, as ties split). */
export const chargeHistoryQuery = (usercode: string) =>
  infiniteQueryOptions({
    queryKey: callQueryKey('getChargeHistory', { usercode }),
    queryFn: ({ pageParam }) =>
      getChargeHistory({
        usercode,
        limit: HISTORY_PAGE_SIZE,
        ...(pageParam ? { startdate: pageParam.startdate, lastid: pageParam.lastid } : {}),
      }),
    initialPageParam: null as { startdate: string; lastid: string } | null,
    getNextPageParam: (page: ChargeHistoryItem[]) => {
      const oldest = page.at(-1);
      if (page.length < HISTORY_PAGE_SIZE || !oldest) return undefined;
      return { startdate: oldest.startdate, lastid: oldest._id };
    },
    enabled: usercode !== '',
  });

export function useChargeHistory(usercode: string) {
  return useInfiniteQuery(chargeHistoryQuery(usercode));
}
