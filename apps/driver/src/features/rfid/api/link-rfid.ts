import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';

/** spec 000 §7: POST /createRFID (a scanned card) and POST /linkRFIDByCardnumber (a typed one). */
export function useLinkRfid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { kind: 'scan'; body: CallRequest<'createRFID'> }
        | { kind: 'cardnumber'; body: CallRequest<'linkRFIDByCardnumber'> },
    ) =>
      input.kind === 'scan'
        ? callApi('createRFID', input.body)
        : callApi('linkRFIDByCardnumber', input.body),
    onSuccess: (card) => queryClient.invalidateQueries({ queryKey: ['getUserRFIDs', card.userid] }),
  });
}
