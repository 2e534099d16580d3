import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { listCardsQuery } from '../../../lib/api/calls/list-cards.ts';

/** POST /selectDefaultStripeSource {source}: answers the cards with the new default first. */
export const selectDefaultStripeSource = (cardId: string) =>
  callApi('selectDefaultStripeSource', { source: cardId });

export function useSelectDefaultCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectDefaultStripeSource,
    onSuccess: (cards) => queryClient.setQueryData(listCardsQuery.queryKey, cards),
  });
}
