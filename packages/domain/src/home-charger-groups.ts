import { connectorStatusClass } from './connector-status.ts';

/** spec 001 §2: the home charger list is grouped, in this order. */
export const HOME_CHARGER_GROUPS = [
  'Offline',
  'Charging',
  'Available',
  'Faulted',
  'Suspended',
] as const;
export type HomeChargerGroup = (typeof HOME_CHARGER_GROUPS)[number];

export interface GroupableCharger {
  online: boolean;
  /** The statuses its connectors report (connector 0 excluded). */
  connectorStatuses: readonly (string | null | undefined)[];
}

/**
 * The group a home charger is listed under. An offline charger is Offline whatever its
 * connectors said last; otherwise the busiest connector decides: one charging (preparing,
 * charging, finishing) makes it Charging, then one suspended makes it Suspended, then one
 * available makes it Available; a charger with none of these (faulted, unavailable, unknown,
 * or no connectors) is Faulted.
 */
export function homeChargerGroup({
  online,
  connectorStatuses,
}: GroupableCharger): HomeChargerGroup {
  if (!online) return 'Offline';
  const classes = connectorStatuses.map((status) => connectorStatusClass(status, true));
  if (classes.includes('charging')) return 'Charging';
  if (classes.includes('suspended')) return 'Suspended';
  if (classes.includes('available')) return 'Available';
  return 'Faulted';
}

/** The chargers under each group, groups in the spec's order, empty groups left out. */
export function groupHomeChargers<T>(
  chargers: readonly T[],
  toGroupable: (charger: T) => GroupableCharger,
): { group: HomeChargerGroup; chargers: T[] }[] {
  return HOME_CHARGER_GROUPS.map((group) => ({
    group,
    chargers: chargers.filter((charger) => homeChargerGroup(toGroupable(charger)) === group),
  })).filter(({ chargers: members }) => members.length > 0);
}
