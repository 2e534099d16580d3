import { queryOptions, useQuery } from '@tanstack/react-query';
import { sortCars } from '@evc/domain';
import { callApi } from '../../../lib/api/client.ts';
import { callQueryKey } from '../../../lib/api/call-query-key.ts';

/** spec 000 §7 GET /getCarTypes. */
export const getCarTypes = () => callApi('getCarTypes', undefined);

export const carTypesQuery = queryOptions({
  queryKey: callQueryKey('getCarTypes'),
  queryFn: getCarTypes,
  staleTime: 60 * 60_000,
});

/** The cars by make (spec 000 §9). */
export const useCarTypes = () => useQuery({ ...carTypesQuery, select: sortCars });
