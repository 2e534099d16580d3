import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AffiliationCode } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';
import { membershipChanged } from './list-joined-groups.ts';

/** spec 000 §7 /development/usergroup/join/bycode. */
export const joinGroupByCode = (code: AffiliationCode) => callApi('joinGroupByCode', { code });

export function useJoinGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinGroupByCode,
    onSuccess: () => membershipChanged(queryClient),
  });
}
