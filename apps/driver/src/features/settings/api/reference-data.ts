import { useQuery } from '@tanstack/react-query';
import { sortCars, sortCurrencies } from '@evc/domain';
import { callApi } from '../../../lib/api/client.ts';

/** spec 000 §7 GET /getCarTypes, cars by make (§9). */
export const useCarTypes = () =>
  useQuery({
    queryKey: ['carTypes', 'by-make'],
    queryFn: async () => sortCars(await callApi('getCarTypes', undefined)),
    staleTime: 60 * 60_000,
  });

/** spec 000 §7 GET /getAllCurrencies, by name (§9). */
export const useCurrencies = () =>
  useQuery({
    queryKey: ['currencies', 'by-name'],
    queryFn: async () => sortCurrencies(await callApi('getAllCurrencies', undefined)),
    staleTime: 60 * 60_000,
  });
