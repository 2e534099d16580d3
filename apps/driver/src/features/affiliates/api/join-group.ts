import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AffiliationCode } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';
import { joinedGroupsKey } from './joined-groups.ts';

/** spec 000 §7 /development/usergroup/join/bycode. */
export function useJoinGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: AffiliationCode) => callApi('joinGroupByCode', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: joinedGroupsKey }),
  });
}
