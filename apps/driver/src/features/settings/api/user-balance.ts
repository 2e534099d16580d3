import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

/** The same key as the header's balance, so a change here shows there too. */
export const userBalanceKey = (userId: string) => ['userBalance', userId] as const;

/** spec 000 §7 POST /getUserBalance. */
export const useUserBalance = (userId: string) =>
  useQuery({
    queryKey: userBalanceKey(userId),
    queryFn: () => callApi('getUserBalance', { userid: userId }),
    retry: false,
  });
