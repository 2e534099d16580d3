import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';
import { callQueryKey } from '../../../lib/api/call-query-key.ts';

/** POST /getBalanceStatement {userid, limit}: the driver's balance movements, newest first. */
export const getBalanceStatement = (
  request: CallRequest<'getBalanceStatement'>,
  signal?: AbortSignal,
) => callApi('getBalanceStatement', request, { signal });

export const balanceStatementQuery = (userid: string, limit: number) =>
  queryOptions({
    queryKey: callQueryKey('getBalanceStatement', { userid, limit }),
    queryFn: ({ signal }) => getBalanceStatement({ userid, limit }, signal),
    // Opened to check money that just moved: read it again on return to the app.
    refetchOnWindowFocus: true,
  });

/** The statement's newest `limit` lines; waits while there is no driver. */
export function useBalanceStatement(userid: string | undefined, limit: number) {
  return useQuery({ ...balanceStatementQuery(userid ?? '', limit), enabled: userid !== undefined });
}
