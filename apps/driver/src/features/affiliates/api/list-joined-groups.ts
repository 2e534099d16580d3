import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { callQueryKey } from '../../../lib/api/call-query-key.ts';

/** spec 000 §7 /development/usergroup/listjoined: the groups the driver has joined. */
export const listJoinedGroups = () => callApi('listJoinedGroups', {});

export const joinedGroupsQuery = queryOptions({
  queryKey: callQueryKey('listJoinedGroups'),
  queryFn: listJoinedGroups,
});

export const useJoinedGroups = () => useQuery(joinedGroupsQuery);

/**
 * After joining or leaving a group: the groups again, and the prices the driver pays, which a
 * group's own tariff changes (the chargers' prices on screen, a charger's page).
 */
export const membershipChanged = (queryClient: QueryClient) =>
  Promise.all(
    [
      joinedGroupsQuery.queryKey,
      callQueryKey('listChargerPrices'),
      callQueryKey('getChargerByBarcode'),
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
