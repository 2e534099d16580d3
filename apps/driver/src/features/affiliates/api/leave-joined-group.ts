import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { membershipChanged } from './list-joined-groups.ts';

/** spec 000 §7 /development/usergroup/leavejoined. */
export const leaveJoinedGroup = (groupid: string) => callApi('leaveJoinedGroup', { groupid });

export function useLeaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveJoinedGroup,
    onSuccess: () => membershipChanged(queryClient),
  });
}
