import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Card } from '@evc/contract';
import { callApi } from '../client.ts';
import { callQueryKey } from '../call-query-key.ts';

/** POST /listCards: the driver's saved cards, the default first (the server's order). */
export const listCards = (signal?: AbortSignal) => callApi('listCards', {}, { signal });

export const listCardsQuery = queryOptions({
  queryKey: callQueryKey('listCards'),
  queryFn: ({ signal }) => listCards(signal),
});

/** The saved cards, or what `select` picks of them (every view shares the one cache entry). */
export function useCards<Selected = Card[]>(select?: (cards: Card[]) => Selected) {
  return useQuery({ ...listCardsQuery, select });
}
