import { clockTime } from './cost-breakdown.ts';
import { rateAt, type SessionTariff } from './session-cost.ts';
import { isTariffFree, MINUTES_PER_PERIOD, PERIODS_PER_DAY } from './tariff.ts';
import { minorAmountText, ratePerKwhText } from './tariff-display.ts';

/** A tariff as the charger and the session carry it: prices, and the currency's ISO code. */
export type WordedTariff = SessionTariff & { currency: string };

/**
 * Issue 19: the energy price a driver reads at a glance. `flat`: one rate ('69p/kWh');
 * `twoRate`: the day rate and the alternate rate with its hours, in the driver's local time
 * ('Day 69p/kWh · 20:00–00:00 49p/kWh'); `variable`: the price now and until when it holds, local
 * time ('Now 52p/kWh until 17:30'; `until` null when it holds all day).
 */
export type TariffEnergyWording =
  | { kind: 'free' }
  | { kind: 'flat'; rate: string }
  | { kind: 'twoRate'; day: string; from: string; to: string; alternate: string }
  | { kind: 'variable'; rate: string; until: string | null };

/** How often a fee is charged: per hour ('/h'), per N hours or per N minutes. */
export interface FeePeriod {
  unit: 'h' | 'min';
  count: number;
}

/**
 * Issue 19: a fee in words. `time`: 'Time fee £1.00/h' (after `after` minutes when the first
 * minutes are free); `overstay`: 'Overstay £5.00/h after 30 min' (after the grace period).
 */
export type TariffFeeWording =
  | { kind: 'connection'; amount: string }
  | { kind: 'time'; amount: string; per: FeePeriod; after: number }
  | { kind: 'overstay'; amount: string; per: FeePeriod; after: number };

export interface TariffWording {
  energy: TariffEnergyWording;
  fees: TariffFeeWording[];
}

export interface TariffWordingOptions {
  now: Date;
  /** The driver's time zone (the device's by default): times are shown in it, not in UTC. */
  timeZone?: string;
  locale?: string;
}

export function feePeriod(minutes: number): FeePeriod {
  return minutes % 60 === 0 ? { unit: 'h', count: minutes / 60 } : { unit: 'min', count: minutes };
}

/** Today's (UTC) moment at a tariff's 'HH:mm' UTC time. */
function utcTimeToday(now: Date, hhmm: string): Date {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hours, minutes),
  );
}

const HALF_HOUR_MS = MINUTES_PER_PERIOD * 60_000;

/** The next half-hour boundary after `now`: when a tariff's rate in force can next change. */
export function nextHalfHour(now: Date): Date {
  return new Date(Math.floor(now.getTime() / HALF_HOUR_MS) * HALF_HOUR_MS + HALF_HOUR_MS);
}

/**
 * Issue 19: whether the price per kWh changes with the time of day (a variable tariff with
 * hours, or an alternate rate from a time), so that the price in force now is worth saying.
 */
export function tariffVariesByTime(tariff: SessionTariff): boolean {
  if (isTariffFree(tariff)) return false;
  if ((tariff.variability?.regular_hours.length ?? 0) > 0) return true;
  return tariff.alternate_rate !== null && tariff.alternate_time !== null;
}

/** When the rate in force now next changes, within a day; null when it holds all day. */
function rateChangeAfter(tariff: SessionTariff, now: Date): Date | null {
  const rate = rateAt(tariff, now);
  let next = nextHalfHour(now).getTime();
  for (let step = 0; step < PERIODS_PER_DAY; step += 1, next += HALF_HOUR_MS) {
    if (rateAt(tariff, new Date(next)) !== rate) return new Date(next);
  }
  return null;
}

/**
 * Issue 19: the tariff in words a driver reads at a glance, its figures formatted (rates in pence
 * for pounds, amounts in the currency) and its times in the driver's local time. A free tariff
 * (spec 001 §5) has no fees to list.
 */
export function tariffWording(tariff: WordedTariff, options: TariffWordingOptions): TariffWording {
  const { now, timeZone, locale = 'en-GB' } = options;
  if (isTariffFree(tariff)) return { energy: { kind: 'free' }, fees: [] };
  const rate = (value: number) => ratePerKwhText(value, tariff.currency, locale);
  const money = (minor: number) => minorAmountText(minor, tariff.currency, locale);
  let energy: TariffEnergyWording;
  if ((tariff.variability?.regular_hours.length ?? 0) > 0) {
    const change = rateChangeAfter(tariff, now);
    energy = {
      kind: 'variable',
      rate: rate(rateAt(tariff, now)),
      until: change ? clockTime(change, timeZone) : null,
    };
  } else if (tariff.alternate_rate !== null && tariff.alternate_time !== null) {
    // The alternate rate runs from its time until midnight UTC (session-cost's `rateAt`).
    energy = {
      kind: 'twoRate',
      day: rate(tariff.standard_rate),
      from: clockTime(utcTimeToday(now, tariff.alternate_time), timeZone),
      to: clockTime(utcTimeToday(now, '00:00'), timeZone),
      alternate: rate(tariff.alternate_rate),
    };
  } else {
    energy = { kind: 'flat', rate: rate(tariff.standard_rate) };
  }
  const fees: TariffFeeWording[] = [];
  if (tariff.connection_cost > 0) {
    fees.push({ kind: 'connection', amount: money(tariff.connection_cost) });
  }
  if (tariff.costperperiod > 0 && tariff.period > 0) {
    fees.push({
      kind: 'time',
      amount: money(tariff.costperperiod),
      per: feePeriod(tariff.period),
      after: tariff.initialperiod,
    });
  }
  if (tariff.overstaycostperperiod > 0 && tariff.overstayperiod > 0) {
    fees.push({
      kind: 'overstay',
      amount: money(tariff.overstaycostperperiod),
      per: feePeriod(tariff.overstayperiod),
      after: tariff.overstaygraceperiod,
    });
  }
  return { energy, fees };
}
