import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';
import { userBalanceQuery } from '../../../lib/api/calls/get-user-balance.ts';
import { setUser, useSession } from '../../../lib/session/session-store.ts';

export type UserFields = CallRequest<'updateUser'>['fields'];

export const updateUser = (userId: string, fields: UserFields) =>
  callApi('updateUser', { fields }, { params: { userid: userId } });

/**
 * spec 000 §7 PATCH /development/user/update/{userid}: the answer is the updated user, which
 * becomes the session's user; the balance is re-read as it is shown in the preferred currency.
 */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (fields: UserFields) => updateUser(user?._id ?? '', fields),
    onSuccess: async (updated) => {
      setUser(updated);
      await queryClient.invalidateQueries({ queryKey: userBalanceQuery(updated._id).queryKey });
    },
  });
}
