import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

/** Every view of the balance (this page, the header) reads this one query; a top-up invalidates it. */
export const userBalanceKey = (userId: string) => ['userBalance', userId] as const;
export const ALL_USER_BALANCES = ['userBalance'] as const;

export const userBalanceQuery = (userId: string) =>
  queryOptions({
    queryKey: userBalanceKey(userId),
    queryFn: ({ signal }) =>
      callApi('getUserBalance', { refresh: true, userid: userId }, { signal }),
    // spec 000 §8: a failed balance fetch is not shown, so a retry would only delay that.
    retry: false,
  });

export function useUserBalance(userId: string) {
  return useQuery(userBalanceQuery(userId));
}
