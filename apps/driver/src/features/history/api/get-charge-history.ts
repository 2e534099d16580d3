import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { ChargeHistoryItem } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';

/** How many items one page of history holds. */
export const HISTORY_PAGE_SIZE = 20;

export const chargeHistoryKey = (usercode: string) => ['chargeHistory', usercode] as const;

/**
 * POST /getChargeHistory {usercode, limit, startdate}: the driver's sessions, newest first; the
 * next page is everything that started before the oldest item shown.
 */
export function useChargeHistory(usercode: string) {
  return useInfiniteQuery({
    queryKey: chargeHistoryKey(usercode),
    queryFn: ({ pageParam }) =>
      callApi('getChargeHistory', {
        usercode,
        limit: HISTORY_PAGE_SIZE,
        ...(pageParam ? { startdate: pageParam } : {}),
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page: ChargeHistoryItem[]) =>
      page.length < HISTORY_PAGE_SIZE ? undefined : (page.at(-1)?.startdate ?? undefined),
    enabled: usercode !== '',
  });
}

/** POST /development/stripe/receipts/send/generic {transactionid}: mails the receipt. */
export function useEmailReceipt() {
  return useMutation({
    mutationFn: (transactionid: string) => callApi('sendReceipt', { transactionid }),
  });
}
