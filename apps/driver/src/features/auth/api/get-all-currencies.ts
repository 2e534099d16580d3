import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

/** spec 000 §7 GET /getAllCurrencies, for the "other" currency of a new account. */
export const getAllCurrencies = () => callApi('getAllCurrencies', undefined);

export const useCurrencies = () =>
  useQuery({ queryKey: ['currencies'], queryFn: getAllCurrencies });
