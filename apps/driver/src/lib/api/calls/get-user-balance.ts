import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@evc/contract';
import { callApi } from '../client.ts';
import { callQueryKey } from '../call-query-key.ts';

/** POST /getUserBalance {refresh?, userid}. */
export const getUserBalance = (request: CallRequest<'getUserBalance'>, signal?: AbortSignal) =>
  callApi('getUserBalance', request, { signal });

/** Every balance of every driver: what a top-up invalidates. */
export const allUserBalancesKey = callQueryKey('getUserBalance');

/**
 * Every view of the balance (the header, the balance page, settings, the payment choices) reads
 * this one entry, so a change shows everywhere. `refresh` is sent by the views whose request has
 * always carried it (the balance page and the header).
 */
export const userBalanceQuery = (userid: string, refresh = false) =>
  queryOptions({
    queryKey: callQueryKey('getUserBalance', { userid }),
    queryFn: ({ signal }) => getUserBalance(refresh ? { refresh, userid } : { userid }, signal),
    // spec 000 §8: a failed balance fetch is not shown, so a retry would only delay that.
    retry: false,
    // Money may have moved while the app was away (a refund by support, issue 19).
    refetchOnWindowFocus: true,
  });

/** The driver's balance; waits while there is no driver. */
export function useUserBalance(userid: string | undefined, options: { refresh?: boolean } = {}) {
  return useQuery({
    ...userBalanceQuery(userid ?? '', options.refresh),
    enabled: userid !== undefined,
  });
}
