import { useQuery } from '@tanstack/react-query';
import { sortCountries } from '@evc/domain';
import { callApi } from '../../lib/api/client.ts';

/** spec 000 §7 GET /getAllCountries, GB first, then IE, then by name (§9). */
export const useCountries = () =>
  useQuery({
    queryKey: ['countries', 'sorted'],
    queryFn: async () => sortCountries(await callApi('getAllCountries', undefined)),
    staleTime: 60 * 60_000,
  });
