import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Card } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';
import { listCardsQuery } from '../../../lib/api/calls/list-cards.ts';

/** POST /addToStripeSources {card, fuelCard}: saves a payment method made with the provider. */
export const addToStripeSources = (input: { paymentMethodId: string; fuelCard: boolean }) =>
  callApi('addToStripeSources', { card: input.paymentMethodId, fuelCard: input.fuelCard });

export function useAddCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToStripeSources,
    onSuccess: (card: Card) => {
      queryClient.setQueryData(listCardsQuery.queryKey, (cards) =>
        cards ? [...cards.filter((saved) => saved.id !== card.id), card] : cards,
      );
      return queryClient.invalidateQueries({ queryKey: listCardsQuery.queryKey });
    },
  });
}
