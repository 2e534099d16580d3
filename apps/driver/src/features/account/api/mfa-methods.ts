import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { callQueryKey } from '../../../lib/api/call-query-key.ts';

/** GET /development/user/mfa/methods: the driver's second steps. */
export const mfaMethods = () => callApi('mfaMethods', undefined);

/** Every other MFA call answers the new list, which the page writes here. */
export const mfaMethodsQuery = queryOptions({
  queryKey: callQueryKey('mfaMethods'),
  queryFn: mfaMethods,
});

export const useMfaMethods = () => useQuery(mfaMethodsQuery);
