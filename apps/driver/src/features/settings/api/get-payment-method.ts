import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

export const paymentMethodKey = (cardId: string) => ['paymentMethod', cardId] as const;

/** spec 000 §7 GET /development/stripe/paymentMethod?pm_id: one of the driver's saved cards. */
export const getPaymentMethod = (cardId: string) =>
  callApi('getPaymentMethod', undefined, { query: { pm_id: cardId } });

export const usePaymentMethod = (cardId: string) =>
  useQuery({
    queryKey: paymentMethodKey(cardId),
    queryFn: () => getPaymentMethod(cardId),
    enabled: cardId !== '',
    retry: false,
  });
