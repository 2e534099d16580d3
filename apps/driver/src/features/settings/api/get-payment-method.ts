import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { callQueryKey } from '../../../lib/api/call-query-key.ts';

/** spec 000 §7 GET /development/stripe/paymentMethod?pm_id: one of the driver's saved cards. */
export const getPaymentMethod = (cardId: string) =>
  callApi('getPaymentMethod', undefined, { query: { pm_id: cardId } });

export const paymentMethodQuery = (cardId: string) =>
  queryOptions({
    queryKey: callQueryKey('getPaymentMethod', { pm_id: cardId }),
    queryFn: () => getPaymentMethod(cardId),
    enabled: cardId !== '',
    retry: false,
  });

export const usePaymentMethod = (cardId: string) => useQuery(paymentMethodQuery(cardId));
