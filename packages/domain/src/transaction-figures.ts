/**
 * spec 001 §9: energy kWh = (meterStop − meterStart) / 1000 rounded to 2 decimals. A register that
 * went back (a replaced meter) counts as no energy rather than a negative amount.
 */
export function energyKwh(meterStartWh: number, meterStopWh: number): number {
  const wh = Math.max(0, meterStopWh - meterStartWh);
  // Whole Wh: kWh × 100 = Wh / 10, rounded half up.
  return Math.floor(wh / 10 + 0.5) / 100;
}

/**
 * spec 001 §4: a finished transaction lasts from start to end, an ongoing one from start to now.
 * Whole seconds, never negative (a charger clock slightly ahead of ours).
 */
export function transactionDurationSeconds(input: {
  startedAt: Date;
  endedAt: Date | null;
  finished: boolean;
  now: Date;
}): number {
  const end = input.finished && input.endedAt ? input.endedAt : input.now;
  return Math.max(0, Math.floor((end.getTime() - input.startedAt.getTime()) / 1000));
}

/**
 * spec 001 §9: cost per kWh (minor units per kWh), only when both kWh and cost exceed 0. It is the
 * session's whole cost over its energy, fees included: an average, not the tariff's rate (issue 19
 * words it so and shows the rate beside it).
 */
export function costPerKwh(costMinor: number, kWh: number): number | null {
  if (costMinor <= 0 || kWh <= 0) return null;
  return costMinor / kWh;
}

/** spec 001 §9: a duration as HH:mm:ss (hours keep counting past 24). */
export function durationText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
}
