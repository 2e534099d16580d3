import { useQuery } from '@tanstack/react-query';
import type { Card } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';

export const cardsKey = ['listCards'] as const;

/**
 * The cards a top-up can be paid with: the driver's saved bank cards, the default first (the
 * server's order). A fuel card pays for fuel-card tariffs only, so it never buys credit.
 */
export function useTopUpCards() {
  return useQuery({
    queryKey: cardsKey,
    queryFn: ({ signal }) => callApi('listCards', {}, { signal }),
    select: (cards: Card[]) => cards.filter((card) => card.source === 'PAYG'),
  });
}
