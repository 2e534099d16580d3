import { queryOptions, useQuery } from '@tanstack/react-query';
import { sortCountries } from '@evc/domain';
import { callApi } from '../client.ts';
import { callQueryKey } from '../call-query-key.ts';

/** spec 000 §7 GET /getAllCountries. */
export const getAllCountries = () => callApi('getAllCountries', undefined);

export const allCountriesQuery = queryOptions({
  queryKey: callQueryKey('getAllCountries'),
  queryFn: getAllCountries,
  staleTime: 60 * 60_000,
});

/** GB first, then IE, then by name (spec 000 §9). */
export const useCountries = () => useQuery({ ...allCountriesQuery, select: sortCountries });
