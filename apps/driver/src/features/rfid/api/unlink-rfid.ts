import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';
import { userRfidsQuery } from './get-user-rfids.ts';

/** spec 000 §7: POST /unlinkRFID {rfidid, userid}; answers the cards left. */
export const unlinkRfid = (body: CallRequest<'unlinkRFID'>) => callApi('unlinkRFID', body);

export function useUnlinkRfid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkRfid,
    onSuccess: (left, body) => queryClient.setQueryData(userRfidsQuery(body.userid).queryKey, left),
  });
}
