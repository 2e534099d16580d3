import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';
import { listCardsQuery } from '../../../lib/api/calls/list-cards.ts';
import { paymentMethodQuery } from './get-payment-method.ts';

export type PaymentMethodUpdate = CallRequest<'updatePaymentMethod'>;

/** POST /development/stripe/paymentMethod/update: a saved card's name and billing address. */
export const updatePaymentMethod = (request: PaymentMethodUpdate) =>
  callApi('updatePaymentMethod', request);

export function useUpdatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentMethod,
    onSuccess: async (card) => {
      queryClient.setQueryData(paymentMethodQuery(card.id).queryKey, card);
      // The card list (manage-payments, payment choices, top-up) shows the card's name too.
      await queryClient.invalidateQueries({ queryKey: listCardsQuery.queryKey });
    },
  });
}
