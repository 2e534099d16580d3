import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { callQueryKey } from '../../../lib/api/call-query-key.ts';

/** GET /development/energy/suppliers: the suppliers and EV plans the tariff wizard lists. */
export const listEnergySuppliers = () => callApi('listEnergySuppliers', undefined);

export const energySuppliersQuery = queryOptions({
  queryKey: callQueryKey('listEnergySuppliers'),
  queryFn: listEnergySuppliers,
  staleTime: 60 * 60_000,
});

/** The pickers' lists; not asked for at all where the host has NO_ENERGY_SUPPLIERS. */
export function useEnergySuppliers(enabled: boolean) {
  return useQuery({ ...energySuppliersQuery, enabled });
}
