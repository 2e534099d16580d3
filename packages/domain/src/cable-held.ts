/**
 * ADR 0013: the connector statuses in which a cable is plugged in, from Preparing (in, not yet
 * charging) to Finishing (stopped, not yet unplugged). Available says the cable is out; Faulted,
 * Unavailable, Reserved, Offline and Unknown say nothing of a cable, so none is held.
 */
const CABLE_HELD_STATUSES: readonly string[] = [
  'Preparing',
  'Charging',
  'SuspendedEV',
  'SuspendedEVSE',
  'Finishing',
];

/** Whether a connector reporting this status still holds a cable. */
export function isCableHeld(status: string | null | undefined): boolean {
  return status !== null && status !== undefined && CABLE_HELD_STATUSES.includes(status);
}
