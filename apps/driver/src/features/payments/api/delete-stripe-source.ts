import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { listCardsQuery } from '../../../lib/api/calls/list-cards.ts';

/** POST /deleteStripeSource {source}: answers the remaining cards. */
export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) => callApi('deleteStripeSource', { source: cardId }),
    onSuccess: (cards) => queryClient.setQueryData(listCardsQuery.queryKey, cards),
  });
}
