/** Seconds a charge takes to ramp up to full power. */
export const RAMP_SECONDS = 30;
/** State of charge (%) above which the vehicle tapers its power. */
export const TAPER_FROM_SOC = 80;

/**
 * The power (W) a vehicle draws: a ramp over the first seconds, near-constant in the middle, a
 * linear taper from 80 % to a tenth of the power at 100 %, nothing when full or limited to 0.
 */
export function chargingPowerW(input: {
  maxPowerW: number;
  elapsedSeconds: number;
  socPercent: number;
  rampSeconds?: number;
}): number {
  if (input.socPercent >= 100 || input.maxPowerW <= 0) return 0;
  const ramp = Math.min(1, Math.max(0, input.elapsedSeconds) / (input.rampSeconds ?? RAMP_SECONDS));
  const taper =
    input.socPercent <= TAPER_FROM_SOC
      ? 1
      : 1 - (0.9 * (input.socPercent - TAPER_FROM_SOC)) / (100 - TAPER_FROM_SOC);
  return Math.round(input.maxPowerW * ramp * taper);
}
