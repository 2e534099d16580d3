import { MINUTES_PER_PERIOD, PERIODS_PER_DAY } from './tariff.ts';
import type { SessionTariff } from './session-cost.ts';

/**
 * Issue 19: a tariff's energy price through the week, as the moments it changes. Each step is
 * [minute of the week, rate]: minutes count from Monday 00:00 UTC (the tariff's own clock, as
 * `rateAt` reads it), the rate is currency units per kWh and holds until the next step's minute.
 * The first step is at minute 0, so every minute of the week has a rate.
 */
export type PriceStep = readonly [minuteOfWeek: number, rate: number];

export const MINUTES_PER_DAY = 24 * 60;
export const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

const minuteOfDay = (hhmm: string) => {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return hours * 60 + minutes;
};

/** Adds a step unless it repeats the rate before it; a step at the same minute replaces it. */
function pushStep(steps: PriceStep[], minute: number, rate: number): void {
  const last = steps[steps.length - 1];
  if (last && last[0] === minute) {
    steps.pop();
    pushStep(steps, minute, rate);
    return;
  }
  if (last && last[1] === rate) return;
  steps.push([minute, rate]);
}

/**
 * The week's price steps, worked out from the tariff's own hours: a variable tariff's half hours
 * (a weekday it does not list is at the standard rate), else the alternate rate from its time
 * until midnight each day, else the standard rate all week. It answers what `rateAt` answers at
 * every moment, in at most 336 steps and usually a handful.
 */
export function priceSteps(tariff: SessionTariff): PriceStep[] {
  const steps: PriceStep[] = [];
  const regularHours = tariff.variability?.regular_hours ?? [];
  for (let weekday = 1; weekday <= 7; weekday += 1) {
    const dayStart = (weekday - 1) * MINUTES_PER_DAY;
    if (regularHours.length > 0) {
      const day = regularHours.find((hours) => hours.weekday === weekday);
      for (let period = 0; period < PERIODS_PER_DAY; period += 1) {
        const rate = day?.periods[period]?.standard_rate ?? tariff.standard_rate;
        pushStep(steps, dayStart + period * MINUTES_PER_PERIOD, rate);
      }
    } else if (tariff.alternate_rate !== null && tariff.alternate_time !== null) {
      pushStep(steps, dayStart, tariff.standard_rate);
      const from = minuteOfDay(tariff.alternate_time);
      if (from < MINUTES_PER_DAY) pushStep(steps, dayStart + from, tariff.alternate_rate);
    } else {
      pushStep(steps, dayStart, tariff.standard_rate);
    }
  }
  return steps;
}

/** Minutes since Monday 00:00 UTC of the week `at` falls in. */
export function minuteOfWeek(at: Date): number {
  const weekday = at.getUTCDay() === 0 ? 7 : at.getUTCDay();
  return (weekday - 1) * MINUTES_PER_DAY + at.getUTCHours() * 60 + at.getUTCMinutes();
}

/** The rate the steps give at a moment: the last step at or before its minute of the week. */
export function rateInSteps(steps: readonly PriceStep[], at: Date): number {
  const minute = minuteOfWeek(at);
  let low = 0;
  let high = steps.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((steps[middle]?.[0] ?? 0) <= minute) low = middle;
    else high = middle - 1;
  }
  return steps[low]?.[1] ?? 0;
}

/** Whether the energy price changes in the course of the week. */
export const priceStepsVary = (steps: readonly PriceStep[]): boolean =>
  new Set(steps.map(([, rate]) => rate)).size > 1;
