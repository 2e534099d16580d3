import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { ChargeHistoryItem } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';
import { callQueryKey } from '../../../lib/api/call-query-key.ts';

/** How many sessions one page of a charger's sessions holds. */
export const SESSIONS_PAGE_SIZE = 20;

type Cursor = { startdate: string; lastid: string } | null;

const nextCursor = (page: ChargeHistoryItem[], size: number): Cursor | undefined => {
  const oldest = page.at(-1);
  if (page.length < size || !oldest) return undefined;
  return { startdate: oldest.startdate, lastid: oldest._id };
};

/**
 * POST /getChargeHistory {usercode, limit, startdate, chargerid} (spec 001 §7): every session at
 * the owner's home charger, newest first, with its home cost; the next page follows the oldest.
 */
export const chargerSessionsQuery = (usercode: string, chargerid: string) =>
  infiniteQueryOptions({
    queryKey: callQueryKey('getChargeHistory', { usercode, chargerid }),
    queryFn: ({ pageParam }) =>
      callApi('getChargeHistory', {
        usercode,
        chargerid,
        limit: SESSIONS_PAGE_SIZE,
        ...(pageParam ?? {}),
      }),
    initialPageParam: null as Cursor,
    getNextPageParam: (page: ChargeHistoryItem[]) => nextCursor(page, SESSIONS_PAGE_SIZE),
    enabled: usercode !== '' && chargerid !== '',
  });

export function useChargerSessions(usercode: string, chargerid: string) {
  return useInfiniteQuery(chargerSessionsQuery(usercode, chargerid));
}

/** The last finished session at the charger (OVERVIEW; the running one shows above it). */
export function useLastChargerSession(usercode: string, chargerid: string) {
  return useQuery(
    queryOptions({
      queryKey: callQueryKey('getChargeHistory', { usercode, chargerid, limit: 1, active: false }),
      queryFn: async () =>
        (await callApi('getChargeHistory', { usercode, chargerid, limit: 1, active: false }))[0] ??
        null,
      enabled: usercode !== '' && chargerid !== '',
    }),
  );
}
