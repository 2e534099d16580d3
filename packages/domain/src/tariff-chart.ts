import {
  MINUTES_PER_PERIOD,
  PERIODS_PER_DAY,
  type TariffDay,
  type TariffPeriod,
} from './tariff.ts';

/** spec 001 §9: red above the day's average rate, green otherwise, grey when unavailable. */
export type TariffCellLevel = 'above-average' | 'not-above-average' | 'unavailable';

export interface TariffChartCell {
  /** 0–47: the half hour of the day. */
  period: number;
  /** 'HH:mm' when the half hour starts. */
  start: string;
  rate: number;
  level: TariffCellLevel;
  /** The same price as the cell before it (spec 001 §9: shown faded). */
  faded: boolean;
  /** The half hour containing the current UTC time, on the day shown. */
  now: boolean;
}

export interface TariffChartRow {
  hour: number;
  cells: [TariffChartCell, TariffChartCell];
}

/** ISO weekday (1 = Monday … 7 = Sunday) and half hour (0–47) of a moment in UTC (spec 001 §9). */
export function utcHalfHour(date: Date): { weekday: number; period: number } {
  const day = date.getUTCDay();
  return {
    weekday: day === 0 ? 7 : day,
    period: date.getUTCHours() * 2 + (date.getUTCMinutes() >= MINUTES_PER_PERIOD ? 1 : 0),
  };
}

/**
 * spec 001 §9: the average of the distinct daily rates. Each price counts once however many half
 * hours carry it; only half hours that can be used have a price to compare (an unavailable one is
 * grey whatever its rate). Null when no half hour is available.
 */
export function averageDistinctRate(periods: readonly TariffPeriod[]): number | null {
  const rates = [
    ...new Set(periods.filter((period) => period.available).map((p) => p.standard_rate)),
  ];
  if (rates.length === 0) return null;
  return rates.reduce((sum, rate) => sum + rate, 0) / rates.length;
}

export function tariffCellLevel(period: TariffPeriod, average: number | null): TariffCellLevel {
  if (!period.available || average === null) return 'unavailable';
  return period.standard_rate > average ? 'above-average' : 'not-above-average';
}

function periodStart(period: number): string {
  const minutes = period * MINUTES_PER_PERIOD;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * spec 001 §2 and §9: 24 hourly rows of two half-hour cells. A cell repeating the previous cell's
 * price is faded (the first cell of the day has none before it); `nowPeriod` is the half hour to
 * mark, or null when the day shown is not today.
 */
export function tariffChartRows(
  periods: readonly TariffPeriod[],
  nowPeriod: number | null,
): TariffChartRow[] {
  if (periods.length !== PERIODS_PER_DAY) {
    throw new RangeError(`a tariff day has ${PERIODS_PER_DAY} half-hour periods`);
  }
  const average = averageDistinctRate(periods);
  const cells = periods.map((period, index): TariffChartCell => ({
    period: index,
    start: periodStart(index),
    rate: period.standard_rate,
    level: tariffCellLevel(period, average),
    faded: index > 0 && periods[index - 1]?.standard_rate === period.standard_rate,
    now: index === nowPeriod,
  }));
  return Array.from({ length: PERIODS_PER_DAY / 2 }, (_, hour) => ({
    hour,
    cells: [cells[hour * 2], cells[hour * 2 + 1]] as [TariffChartCell, TariffChartCell],
  }));
}

/** Whether a tariff varies over the day and so has a chart (it carries half-hourly rates). */
export function hasTariffChart(
  variability: { regular_hours: readonly TariffDay[] } | null | undefined,
): boolean {
  return (variability?.regular_hours.length ?? 0) > 0;
}

/**
 * The half hours of one weekday. A weekday the tariff does not list is unavailable all day with
 * limited hours, and at the standard rate all day on a 24/7 tariff.
 */
export function tariffChartPeriods(
  variability: { twentyfourseven: boolean; regular_hours: readonly TariffDay[] },
  weekday: number,
  standardRate: number,
): TariffPeriod[] {
  const day = variability.regular_hours.find((hours) => hours.weekday === weekday);
  if (day) return day.periods;
  return Array.from({ length: PERIODS_PER_DAY }, () => ({
    standard_rate: standardRate,
    available: variability.twentyfourseven,
  }));
}

/** Whether the listed weekdays carry different half hours, so the chart needs a weekday switcher. */
export function tariffDaysDiffer(days: readonly TariffDay[]): boolean {
  const first = days[0];
  if (!first) return false;
  const key = (day: TariffDay) => JSON.stringify(day.periods);
  return days.length < 7 || days.some((day) => key(day) !== key(first));
}

/** spec 001 §9: a cell's price, 2 decimals with the currency's sign (£0.40 for GBP), via Intl. */
export function tariffChartPriceText(rate: number, currencyCode: string, locale = 'en-GB'): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currencyCode.toUpperCase(),
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(rate);
}
