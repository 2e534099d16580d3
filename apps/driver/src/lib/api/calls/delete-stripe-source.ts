import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../client.ts';
import { listCardsQuery } from './list-cards.ts';

/** POST /deleteStripeSource {source}: answers the remaining cards. */
export const deleteStripeSource = (cardId: string) =>
  callApi('deleteStripeSource', { source: cardId });

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStripeSource,
    onSuccess: (cards) => queryClient.setQueryData(listCardsQuery.queryKey, cards),
  });
}
