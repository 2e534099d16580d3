import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { CallRequest, ChargeHistoryItem } from '@evc/contract';
import { callApi } from '../client.ts';
import { callQueryKey } from '../call-query-key.ts';

/** How many items one page of history holds. */
export const HISTORY_PAGE_SIZE = 20;

/**
 * POST /getChargeHistory {usercode, limit, startdate, lastid, chargerid}: the driver's sessions,
 * newest first; with `chargerid`, those at that charger (every one at an owner's home charger).
 */
export const getChargeHistory = (request: CallRequest<'getChargeHistory'>) =>
  callApi('getChargeHistory', request);

type Cursor = { startdate: string; lastid: string } | null;

/** The next page is everything after the oldest item shown (by start, then id, as ties split). */
export const chargeHistoryQuery = (usercode: string, chargerid?: string) =>
  infiniteQueryOptions({
    queryKey: callQueryKey('getChargeHistory', chargerid ? { usercode, chargerid } : { usercode }),
    queryFn: ({ pageParam }) =>
      getChargeHistory({
        usercode,
        limit: HISTORY_PAGE_SIZE,
        ...(chargerid ? { chargerid } : {}),
        ...(pageParam ?? {}),
      }),
    initialPageParam: null as Cursor,
    getNextPageParam: (page: ChargeHistoryItem[]): Cursor | undefined => {
      const oldest = page.at(-1);
      if (page.length < HISTORY_PAGE_SIZE || !oldest) return undefined;
      return { startdate: oldest.startdate, lastid: oldest._id };
    },
    enabled: usercode !== '' && chargerid !== '',
  });

export function useChargeHistory(usercode: string, chargerid?: string) {
  return useInfiniteQuery(chargeHistoryQuery(usercode, chargerid));
}

/** The last finished session at a charger (a home charger's OVERVIEW). */
export function useLastSessionAt(usercode: string, chargerid: string) {
  const request = { usercode, chargerid, limit: 1, active: false };
  return useQuery(
    queryOptions({
      queryKey: callQueryKey('getChargeHistory', request),
      queryFn: async () => (await getChargeHistory(request))[0] ?? null,
      enabled: usercode !== '' && chargerid !== '',
    }),
  );
}
