import { liveRowState, type ChargerDirectory, type LiveOverlay } from './charger-directory.ts';
import { chargerSummary } from './charger-summary.ts';

/** 1 when the charger has a connector a driver can plug into now (pushed statuses applied). */
export function hasFreeConnector(
  directory: ChargerDirectory,
  position: number,
  overlay: LiveOverlay,
): number {
  return chargerSummary(liveRowState(directory, position, overlay)).freeConnectors > 0 ? 1 : 0;
}

/** By directory position, which of the chargers at `positions` have a connector free now. */
export function availabilityByPosition(
  directory: ChargerDirectory,
  positions: ArrayLike<number>,
  overlay: LiveOverlay,
): Uint8Array {
  const available = new Uint8Array(directory.count);
  for (let at = 0; at < positions.length; at += 1) {
    const position = positions[at] ?? 0;
    available[position] = hasFreeConnector(directory, position, overlay);
  }
  return available;
}

/**
 * The chargers whose pushed status is not the same object in `after` as in `before` (a new event,
 * or one dropped because the list was read again), each with whether it has a connector free now.
 * Only these are looked at, so a batch of statuses costs its own size, not the network's.
 */
export function availabilityChanges(
  directory: ChargerDirectory,
  before: LiveOverlay,
  after: LiveOverlay,
): { positions: Uint32Array; available: Uint8Array } {
  const changed: number[] = [];
  const note = (barcode: string) => {
    const position = directory.positionOf.get(barcode);
    if (position !== undefined) changed.push(position);
  };
  let kept = 0;
  for (const [barcode, event] of after) {
    const earlier = before.get(barcode);
    if (earlier !== undefined) kept += 1;
    if (earlier !== event) note(barcode);
  }
  // Events are dropped only when the list is read again; otherwise every earlier one is still here.
  if (kept < before.size) {
    for (const barcode of before.keys()) if (!after.has(barcode)) note(barcode);
  }
  const positions = Uint32Array.from(changed);
  const available = new Uint8Array(positions.length);
  for (let at = 0; at < positions.length; at += 1) {
    available[at] = hasFreeConnector(directory, positions[at] ?? 0, after);
  }
  return { positions, available };
}
