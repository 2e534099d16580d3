import { useQuery } from '@tanstack/react-query';
import { isFeatureVisible } from '@evc/domain';
import { callApi } from './api/client.ts';
import { useBrand } from './brand.ts';
import { useSession } from './session/session-store.ts';

export const visibilityPermissionsKey = ['visibilityPermissions'] as const;

/** The permission names granted to the signed-in user (spec 000 §6). */
export function useVisibilityPermissions(): readonly string[] {
  const { status, user } = useSession();
  const query = useQuery({
    queryKey: [...visibilityPermissionsKey, user?._id],
    queryFn: async () =>
      (await callApi('getVisibilityPermissions', {})).map((permission) => permission.name),
    enabled: status === 'signed-in',
    staleTime: 5 * 60_000,
  });
  return query.data ?? [];
}

/** A check for many names at once (menus): permission or feature name → shown. */
export function useFeatureVisibility(): (name: string | null | undefined) => boolean {
  const permissions = useVisibilityPermissions();
  const { features } = useBrand();
  const enabled = [...permissions, ...features.enabledFeatures];
  return (name) => isFeatureVisible({ name, enabled, disabled: features.disabledFeatures });
}

/** Whether an element gated by this permission or feature name shows (spec 000 §6, 001 §1). */
export function useFeatureVisible(name: string | null | undefined): boolean {
  return useFeatureVisibility()(name);
}
