import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CallRequest, ChargeHistoryItem } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';
import { callQueryKey } from '../../../lib/api/call-query-key.ts';

/** How many items one page of history holds. */
export const HISTORY_PAGE_SIZE = 20;

/** POST /getChargeHistory {usercode, limit, startdate}: the driver's sessions, newest first. */
export const getChargeHistory = (request: CallRequest<'getChargeHistory'>) =>
  callApi('getChargeHistory', request);

/** The next page is everything that started before the oldest item shown. */
export const chargeHistoryQuery = (usercode: string) =>
  infiniteQueryOptions({
    queryKey: callQueryKey('getChargeHistory', { usercode }),
    queryFn: ({ pageParam }) =>
      getChargeHistory({
        usercode,
        limit: HISTORY_PAGE_SIZE,
        ...(pageParam ? { startdate: pageParam } : {}),
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page: ChargeHistoryItem[]) =>
      page.length < HISTORY_PAGE_SIZE ? undefined : (page.at(-1)?.startdate ?? undefined),
    enabled: usercode !== '',
  });

export function useChargeHistory(usercode: string) {
  return useInfiniteQuery(chargeHistoryQuery(usercode));
}
