import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';
import { paymentMethodKey } from './get-payment-method.ts';

export type PaymentMethodUpdate = CallRequest<'updatePaymentMethod'>;

/** POST /development/stripe/paymentMethod/update: a saved card's name and billing address. */
export const updatePaymentMethod = (request: PaymentMethodUpdate) =>
  callApi('updatePaymentMethod', request);

export function useUpdatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentMethod,
    onSuccess: async (card) => {
      queryClient.setQueryData(paymentMethodKey(card.id), card);
      // The card list (manage-payments, payment choices) shows the card's name too.
      await queryClient.invalidateQueries({ queryKey: ['cards'] });
    },
  });
}
