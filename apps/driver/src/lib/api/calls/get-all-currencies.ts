import { queryOptions, useQuery } from '@tanstack/react-query';
import { sortCurrencies } from '@evc/domain';
import { callApi } from '../client.ts';
import { callQueryKey } from '../call-query-key.ts';

/** spec 000 §7 GET /getAllCurrencies, in the server's order. */
export const getAllCurrencies = () => callApi('getAllCurrencies', undefined);

export const allCurrenciesQuery = queryOptions({
  queryKey: callQueryKey('getAllCurrencies'),
  queryFn: getAllCurrencies,
  staleTime: 60 * 60_000,
});

/** The currencies by name (spec 000 §9). */
export const useCurrencies = () => useQuery({ ...allCurrenciesQuery, select: sortCurrencies });
