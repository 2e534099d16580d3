import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { callQueryKey } from '../../../lib/api/call-query-key.ts';

/** spec 000 §7 /development/usergroup/listjoined: the groups the driver has joined. */
export const listJoinedGroups = () => callApi('listJoinedGroups', {});

export const joinedGroupsQuery = queryOptions({
  queryKey: callQueryKey('listJoinedGroups'),
  queryFn: listJoinedGroups,
});

export const useJoinedGroups = () => useQuery(joinedGroupsQuery);
