import { isFeatureVisible } from '@evc/domain';
import { useVisibilityPermissions } from './api/calls/get-visibility-permissions.ts';
import { useBrand } from './brand.ts';

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
