/** spec 001 §1: the features a host configuration can enable or disable. */
export const HOST_FEATURES = [
  'HOME_CHARGING',
  'HOW_TO_VIDEO',
  'CHARGER_FILTERS',
  'KNOWLEDGE_BASE',
  'NO_ENERGY_SUPPLIERS',
] as const;
export type Feature = (typeof HOST_FEATURES)[number];

/** spec 000 §6: chargers are fetched with this permission, which is also the default one. */
export const DEFAULT_PERMISSION = 'CHARGER_CHARGE_AT';

/**
 * spec 000 §2, §6: CREDIT is shown by default, HOME_CHARGING and HOW_TO_VIDEO are hidden.
 * A name missing from this table is hidden unless it is enabled (see isFeatureVisible).
 */
export const DEFAULT_FEATURE_VISIBILITY: Readonly<Record<string, boolean>> = {
  CREDIT: true,
  HOME_CHARGING: false,
  HOW_TO_VIDEO: false,
};

export interface FeatureVisibilityInput {
  /** The permission or feature name; absent means the element is not gated. */
  name?: string | null;
  /** Names granted to the user or enabled for the host. */
  enabled: readonly string[];
  /** Names disabled for the host. */
  disabled: readonly string[];
  /** Per-name checks that may still show a disabled name. */
  visibilityTests?: Readonly<Record<string, () => boolean>>;
  defaults?: Readonly<Record<string, boolean>>;
}

/**
 * spec 000 §5, 001 §6: no name → visible; enabled → visible; disabled → hidden unless a
 * visibility test says otherwise; unlisted → default visibility. Enabled wins over disabled.
 * An unlisted name with no default is hidden.
 */
export function isFeatureVisible({
  name,
  enabled,
  disabled,
  visibilityTests,
  defaults = DEFAULT_FEATURE_VISIBILITY,
}: FeatureVisibilityInput): boolean {
  if (!name) return true;
  if (enabled.includes(name)) return true;
  if (disabled.includes(name)) {
    const test = visibilityTests?.[name];
    return test ? test() : false;
  }
  return defaults[name] ?? false;
}
