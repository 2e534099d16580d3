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

/** From 10 kW a power reads whole: a tenth of a kW means nothing beside 11 or 150. */
const WHOLE_KW_FROM = 10;

/**
 * Issue 19: a power as a driver reads it, in kW — one decimal below 10 kW (7.4 kW, 3.7 kW), whole
 * from 10 kW (11 kW, 150 kW); the same wherever a power is shown (live charge, session bar and
 * summary, charger list and map). Rounded before the rule is chosen, so 9.96 kW reads 10 kW.
 */
export function shownPowerKw(watts: number): number {
  if (!(watts > 0)) return 0;
  const kw = watts / 1000;
  const tenths = Math.round(kw * 10) / 10;
  return tenths < WHOLE_KW_FROM ? tenths : Math.round(kw);
}
