import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

/** GET /development/charger/preauth/{chargerid}: the hold placed before charging, minor units. */
export function usePreauth(chargerId: string | undefined) {
  return useQuery({
    queryKey: ['preauth', chargerId],
    queryFn: () =>
      callApi('getChargerPreauth', undefined, { params: { chargerid: chargerId ?? '' } }),
    enabled: chargerId !== undefined,
  });
}

/** POST /getUserBalance: the driver's credit; the header's badge shares this cache entry. */
export function useBalance(userId: string | undefined) {
  return useQuery({
    queryKey: ['userBalance', userId ?? ''],
    queryFn: () => callApi('getUserBalance', { userid: userId ?? '' }),
    enabled: userId !== undefined,
    retry: false,
  });
}
