import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';

export const paymentMethodKey = (cardId: string) => ['paymentMethod', cardId] as const;

/** spec 000 §7 GET /development/stripe/paymentMethod?pm_id: one of the driver's saved cards. */
export const usePaymentMethod = (cardId: string) =>
  useQuery({
    queryKey: paymentMethodKey(cardId),
    queryFn: () => callApi('getPaymentMethod', undefined, { query: { pm_id: cardId } }),
    enabled: cardId !== '',
    retry: false,
  });

/** POST /development/stripe/paymentMethod/update: a saved card's name and billing address. */
export function useUpdatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CallRequest<'updatePaymentMethod'>) =>
      callApi('updatePaymentMethod', request),
    onSuccess: async (card) => {
      queryClient.setQueryData(paymentMethodKey(card.id), card);
      // The card list (manage-payments, payment choices) shows the card's name too.
      await queryClient.invalidateQueries({ queryKey: ['cards'] });
    },
  });
}
