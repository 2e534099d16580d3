/**
 * UK Public Charge Point Regulations 2023, regulation 7 (reliability): a charge point's
 * availability is the time it was working over the time it was working or down. Available,
 * Charging and Reserved count as working; Unknown and Blocked are excluded; Faulted, Unavailable
 * and Offline count as down. OCPP 1.6 reports a session's other moments as Preparing,
 * SuspendedEV, SuspendedEVSE and Finishing, which OCPI reads as CHARGING: working too.
 */
export type AvailabilityClass = 'working' | 'down' | 'excluded';

const WORKING = new Set([
  'Available',
  'Charging',
  'Reserved',
  'Preparing',
  'SuspendedEV',
  'SuspendedEVSE',
  'Finishing',
]);
const DOWN = new Set(['Faulted', 'Unavailable', 'Offline']);

/** How regulation 7 counts a reported status; any status it does not name is excluded. */
export function availabilityClassOf(status: string): AvailabilityClass {
  if (WORKING.has(status)) return 'working';
  if (DOWN.has(status)) return 'down';
  return 'excluded';
}

export interface StatusChange {
  status: string;
  at: Date;
}

export interface Availability {
  workingMs: number;
  downMs: number;
  excludedMs: number;
  /** working / (working + down) in percent, two decimals; null when nothing counted. */
  percent: number | null;
}

/**
 * Availability of one connector over [from, to): `before` is its status when the window opens
 * (the last report before it; Unknown when there is none), `changes` are the reports inside it in
 * any order.
 */
export function connectorAvailability(input: {
  from: Date;
  to: Date;
  before: string | null;
  changes: readonly StatusChange[];
}): Availability {
  const start = input.from.getTime();
  const end = input.to.getTime();
  const totals = { working: 0, down: 0, excluded: 0 };
  let status = input.before ?? 'Unknown';
  let since = start;
  const inWindow = input.changes
    .filter((change) => change.at.getTime() >= start && change.at.getTime() < end)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const change of inWindow) {
    totals[availabilityClassOf(status)] += change.at.getTime() - since;
    status = change.status;
    since = change.at.getTime();
  }
  if (end > since) totals[availabilityClassOf(status)] += end - since;
  return withPercent({
    workingMs: totals.working,
    downMs: totals.down,
    excludedMs: totals.excluded,
  });
}

/** A charger's availability: its connectors' times added up. */
export function chargerAvailability(connectors: readonly Availability[]): Availability {
  return withPercent({
    workingMs: connectors.reduce((sum, c) => sum + c.workingMs, 0),
    downMs: connectors.reduce((sum, c) => sum + c.downMs, 0),
    excludedMs: connectors.reduce((sum, c) => sum + c.excludedMs, 0),
  });
}

function withPercent(times: Omit<Availability, 'percent'>): Availability {
  const counted = times.workingMs + times.downMs;
  return {
    ...times,
    percent: counted === 0 ? null : Math.round((times.workingMs / counted) * 10_000) / 100,
  };
}

/** Regulation 7 looks back over this many days in the console's list. */
export const AVAILABILITY_WINDOW_DAYS = 30;
