import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { callQueryKey } from '../../../lib/api/call-query-key.ts';

/** GET /development/user/mfa/methods; every other MFA call answers the new list, written here. */
export const mfaMethodsQuery = queryOptions({
  queryKey: callQueryKey('mfaMethods'),
  queryFn: () => callApi('mfaMethods', undefined),
});

export const useMfaMethods = () => useQuery(mfaMethodsQuery);
