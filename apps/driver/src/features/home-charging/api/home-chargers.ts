import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallRequest, HomeChargerView } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';
import { callQueryKey } from '../../../lib/api/call-query-key.ts';

/** GET /development/charger/list/home: the owner's home chargers (spec 001 §7). */
export const listHomeChargers = () => callApi('listHomeChargers', undefined);

export const homeChargersQuery = queryOptions({
  queryKey: callQueryKey('listHomeChargers'),
  queryFn: listHomeChargers,
});

/** How often an open charger page reads its charger's status again. */
export const CHARGER_REFRESH_MS = 15_000;

export function useHomeChargers() {
  return useQuery(homeChargersQuery);
}

/** One of the owner's home chargers by its id, from the list; undefined while it loads. */
export function useHomeCharger(id: string) {
  // A charger's status moves on its own (a car plugged in, the charger gone away).
  const list = useQuery({ ...homeChargersQuery, refetchInterval: CHARGER_REFRESH_MS });
  const charger = list.data?.find((found) => found._id === id);
  return { ...list, charger, missing: list.isSuccess && !charger };
}

/** Each changed charger replaces its entry in the list. */
function useListWriter() {
  const queryClient = useQueryClient();
  return (charger: HomeChargerView) =>
    queryClient.setQueryData(homeChargersQuery.queryKey, (list) =>
      list
        ? list.some((found) => found._id === charger._id)
          ? list.map((found) => (found._id === charger._id ? charger : found))
          : [...list, charger]
        : [charger],
    );
}

/** POST /development/charger/claim {accesscode, userid, chargerid, serial, name, terms, privacy}. */
export function useClaimCharger() {
  const write = useListWriter();
  return useMutation({
    mutationFn: (request: CallRequest<'claimCharger'>) => callApi('claimCharger', request),
    onSuccess: write,
  });
}

/** PATCH /development/charger/update/{id} {fields}: name, flags and home tariff. */
export function useUpdateHomeCharger(id: string) {
  const write = useListWriter();
  return useMutation({
    mutationFn: (fields: CallRequest<'updateHomeCharger'>) =>
      callApi('updateHomeCharger', fields, { params: { id } }),
    onSuccess: write,
  });
}
