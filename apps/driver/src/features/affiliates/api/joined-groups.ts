import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

export const joinedGroupsKey = ['joined-groups'] as const;

/** spec 000 §7 /development/usergroup/listjoined: the groups the driver has joined. */
export const useJoinedGroups = () =>
  useQuery({
    queryKey: joinedGroupsKey,
    queryFn: () => callApi('listJoinedGroups', {}),
  });
