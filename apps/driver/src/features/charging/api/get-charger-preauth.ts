import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { callQueryKey } from '../../../lib/api/call-query-key.ts';

/** GET /development/charger/preauth/{chargerid}: the hold placed before charging, minor units. */
export const getChargerPreauth = (chargerId: string) =>
  callApi('getChargerPreauth', undefined, { params: { chargerid: chargerId } });

export const chargerPreauthQuery = (chargerId: string) =>
  queryOptions({
    queryKey: callQueryKey('getChargerPreauth', { chargerid: chargerId }),
    queryFn: () => getChargerPreauth(chargerId),
  });

export function usePreauth(chargerId: string | undefined) {
  return useQuery({ ...chargerPreauthQuery(chargerId ?? ''), enabled: chargerId !== undefined });
}
