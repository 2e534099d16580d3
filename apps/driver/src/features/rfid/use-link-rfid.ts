import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@evc/contract';
import { createRfid } from './api/create-rfid.ts';
import { userRfidsQuery } from './api/get-user-rfids.ts';
import { linkRfidByCardnumber } from './api/link-rfid-by-cardnumber.ts';

/** A scanned card or a typed one, linked the same way: the driver's list is read again after. */
export function useLinkRfid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { kind: 'scan'; body: CallRequest<'createRFID'> }
        | { kind: 'cardnumber'; body: CallRequest<'linkRFIDByCardnumber'> },
    ) => (input.kind === 'scan' ? createRfid(input.body) : linkRfidByCardnumber(input.body)),
    onSuccess: (card) =>
      queryClient.invalidateQueries({ queryKey: userRfidsQuery(card.userid).queryKey }),
  });
}
