import { useQuery } from '@tanstack/react-query';
import { sortCurrencies } from '@evc/domain';
import { callApi } from '../../../lib/api/client.ts';

/** spec 000 §7 GET /getAllCurrencies, by name (§9). */
export const getAllCurrencies = async () =>
  sortCurrencies(await callApi('getAllCurrencies', undefined));

export const useCurrencies = () =>
  useQuery({
    queryKey: ['currencies', 'by-name'],
    queryFn: getAllCurrencies,
    staleTime: 60 * 60_000,
  });
