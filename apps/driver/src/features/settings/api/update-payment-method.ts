import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';
import { listCardsQuery } from '../../../lib/api/calls/list-cards.ts';
import { paymentMethodQuery } from './get-payment-method.ts';

/** POST /development/stripe/paymentMethod/update: a saved card's name and billing address. */
export function useUpdatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CallRequest<'updatePaymentMethod'>) =>
      callApi('updatePaymentMethod', request),
    onSuccess: async (card) => {
      queryClient.setQueryData(paymentMethodQuery(card.id).queryKey, card);
      // The card list (manage-payments, payment choices, top-up) shows the card's name too.
      await queryClient.invalidateQueries({ queryKey: listCardsQuery.queryKey });
    },
  });
}
