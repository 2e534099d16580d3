import { useQuery } from '@tanstack/react-query';
import { callApi } from '../client.ts';
import { callQueryKey } from '../call-query-key.ts';

/** GET /development/charger/capabilities/{chargerid}: what the charger can do from the app. */
export function useChargerCapabilities(chargerid: string) {
  return useQuery({
    queryKey: callQueryKey('getChargerCapabilities', { chargerid }),
    queryFn: () => callApi('getChargerCapabilities', undefined, { params: { chargerid } }),
    retry: false,
    // What a charger supports changes only when it boots again.
    staleTime: 5 * 60_000,
  });
}
