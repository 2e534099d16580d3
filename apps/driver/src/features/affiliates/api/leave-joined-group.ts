import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { joinedGroupsQuery } from './list-joined-groups.ts';

/** spec 000 §7 /development/usergroup/leavejoined. */
export function useLeaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupid: string) => callApi('leaveJoinedGroup', { groupid }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: joinedGroupsQuery.queryKey }),
  });
}
