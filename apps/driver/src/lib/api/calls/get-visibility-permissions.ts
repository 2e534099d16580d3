import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../client.ts';
import { callQueryKey } from '../call-query-key.ts';
import { useSession } from '../../session/session-store.ts';

/** POST /getVisibilityPermissions: the permission names granted to the signed-in user. */
export const getVisibilityPermissions = async () =>
  (await callApi('getVisibilityPermissions', {})).map((permission) => permission.name);

/** Keyed by user: another driver signing in on this device has their own (spec 000 §6). */
export const visibilityPermissionsQuery = (userid: string | undefined) =>
  queryOptions({
    queryKey: callQueryKey('getVisibilityPermissions', { userid }),
    queryFn: getVisibilityPermissions,
    staleTime: 5 * 60_000,
  });

/** The permission names granted to the signed-in user; none while signed out. */
export function useVisibilityPermissions(): readonly string[] {
  const { status, user } = useSession();
  const query = useQuery({
    ...visibilityPermissionsQuery(user?._id),
    enabled: status === 'signed-in',
  });
  return query.data ?? [];
}
