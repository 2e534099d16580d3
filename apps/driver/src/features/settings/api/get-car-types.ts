import { useQuery } from '@tanstack/react-query';
import { sortCars } from '@evc/domain';
import { callApi } from '../../../lib/api/client.ts';

/** spec 000 §7 GET /getCarTypes, cars by make (§9). */
export const getCarTypes = async () => sortCars(await callApi('getCarTypes', undefined));

export const useCarTypes = () =>
  useQuery({ queryKey: ['carTypes', 'by-make'], queryFn: getCarTypes, staleTime: 60 * 60_000 });
