/**
 * Issue 19: the power shown never exceeds the connector's rating. A meter sample above it (a
 * simulator or a meter that counts the car's whole three-phase draw on a single-phase connector)
 * is shown at the rating; a rating unknown (null or 0) leaves the sample as it is; a negative
 * sample reads 0.
 */
export function displayedPowerW(sampleW: number | null, ratedKw: number | null): number | null {
  if (sampleW === null) return null;
  const positive = Math.max(0, sampleW);
  if (ratedKw === null || !(ratedKw > 0)) return positive;
  return Math.min(positive, ratedKw * 1000);
}

/**
 * Issue 19: how much of the card hold the cost so far has used, a whole percentage (rounded
 * down, so 100 % means the hold is all used), never above 100; null with no hold (credit, fuel
 * card, a free charger).
 */
export function holdUsedPercent(costMinor: number, heldMinor: number): number | null {
  if (!(heldMinor > 0)) return null;
  return Math.min(100, Math.max(0, Math.floor((costMinor * 100) / heldMinor)));
}
