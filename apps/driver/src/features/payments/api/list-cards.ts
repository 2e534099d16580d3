import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

export const cardsKey = ['cards'] as const;

/** POST /listCards: the driver's saved cards, the default first. */
export function useCards() {
  return useQuery({ queryKey: cardsKey, queryFn: () => callApi('listCards', {}) });
}
