import { callApi } from '../../../lib/api/client.ts';

/** POST /getUncapturedPaymentIntents {card_id}: holds on the card not yet taken. */
export function getUncapturedPaymentIntents(cardId: string) {
  return callApi('getUncapturedPaymentIntents', { card_id: cardId });
}
