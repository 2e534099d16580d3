/**
 * spec 000 §2 (settings: "car and miles per kWh with estimated range"). The spec does not say
 * what the range is of; we take it to be the miles the driver's latest charge put in the car:
 * the energy of that charge (kWh) times the car's miles per kWh. It is rounded down to whole
 * miles, as a range is a promise the driver should not fall short of. There is no range without
 * a car, without a charge, or when the charge delivered no energy.
 */
export function estimatedRangeMiles(
  milesPerKwh: number | null | undefined,
  lastChargeKwh: number | null | undefined,
): number | null {
  if (milesPerKwh == null || lastChargeKwh == null) return null;
  if (!Number.isFinite(milesPerKwh) || !Number.isFinite(lastChargeKwh)) return null;
  if (milesPerKwh <= 0 || lastChargeKwh <= 0) return null;
  // A hair of tolerance so that 4.2 × 10 is 42 and not 41.99999… before rounding down.
  return Math.floor(milesPerKwh * lastChargeKwh + 1e-9);
}
