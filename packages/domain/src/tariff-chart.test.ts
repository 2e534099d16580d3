import { describe, expect, it } from 'vitest';
import type { TariffDay, TariffPeriod } from './tariff.ts';
import {
  averageDistinctRate,
  hasTariffChart,
  tariffCellLevel,
  tariffChartPeriods,
  tariffChartPriceText,
  tariffChartRows,
  tariffDaysDiffer,
  utcHalfHour,
} from './tariff-chart.ts';

const open = (standard_rate: number): TariffPeriod => ({ standard_rate, available: true });
const closed = (standard_rate: number): TariffPeriod => ({ standard_rate, available: false });
/** 48 half hours: `first` for the first `count`, then `rest`. */
function dayOf(count: number, first: TariffPeriod, rest: TariffPeriod): TariffPeriod[] {
  return Array.from({ length: 48 }, (_, index) => (index < count ? first : rest));
}

describe('averageDistinctRate (spec 001 §9: the average of the distinct daily rates)', () => {
  it.each<[string, TariffPeriod[], number | null]>([
    [
      'each price counts once: 47 × 0.10 and 1 × 0.40 average 0.25',
      dayOf(47, open(0.1), open(0.4)),
      0.25,
    ],
    ['one price all day', dayOf(48, open(0.3), open(0.3)), 0.3],
    ['unavailable half hours have no price to compare', dayOf(10, closed(9), open(0.2)), 0.2],
    ['nothing available', dayOf(48, closed(0.2), closed(0.2)), null],
  ])('%s', (_, periods, expected) => {
    const average = averageDistinctRate(periods);
    if (expected === null) expect(average).toBeNull();
    else expect(average).toBeCloseTo(expected, 10);
  });
});

describe('tariffCellLevel (spec 001 §9: red above the average, green otherwise, grey if unavailable)', () => {
  it.each<[string, TariffPeriod, number | null, string]>([
    ['a rate above the average is red', open(0.41), 0.4, 'above-average'],
    ['a rate equal to the average is green (not above it)', open(0.4), 0.4, 'not-above-average'],
    ['a rate below the average is green', open(0.1), 0.4, 'not-above-average'],
    ['an unavailable period is grey whatever its rate', closed(0.9), 0.4, 'unavailable'],
    ['a free available period is green', open(0), 0.2, 'not-above-average'],
  ])('%s', (_, period, average, level) => {
    expect(tariffCellLevel(period, average)).toBe(level);
  });
});

describe('tariffChartRows (spec 001 §2, §9: 24 hourly rows of two half-hour cells)', () => {
  // 00:00–06:59 cheap, 07:00–07:29 peak, then a repeated standard rate, 22:00 onwards unavailable.
  const periods: TariffPeriod[] = Array.from({ length: 48 }, (_, index) =>
    index < 14 ? open(0.1) : index === 14 ? open(0.5) : index < 44 ? open(0.3) : closed(0.3),
  );
  const rows = tariffChartRows(periods, 15);
  const cell = (period: number) => rows[Math.floor(period / 2)]?.cells[period % 2];

  it('has 24 rows of two cells starting on the hour and the half hour', () => {
    expect(rows).toHaveLength(24);
    expect(rows[7]?.hour).toBe(7);
    expect(rows[7]?.cells.map((c) => c.start)).toEqual(['07:00', '07:30']);
    expect(rows[23]?.cells.map((c) => c.start)).toEqual(['23:00', '23:30']);
  });

  it.each<[string, number, Partial<Record<'level' | 'faded' | 'now', unknown>>]>([
    [
      'the first cell of the day has no price before it: not faded',
      0,
      { faded: false, level: 'not-above-average' },
    ],
    ['a cell repeating the previous price is faded', 1, { faded: true }],
    ['a repeat across the hour boundary is faded too', 2, { faded: true }],
    [
      'a price change is not faded; above the average (0.30) is red',
      14,
      { faded: false, level: 'above-average' },
    ],
    ['the half hour containing now is marked', 15, { now: true, faded: false }],
    ['other half hours are not marked', 16, { now: false, faded: true }],
    ['an unavailable half hour is grey', 44, { level: 'unavailable' }],
  ])('%s (period %i)', (_, period, expected) => {
    expect(cell(period)).toMatchObject(expected);
  });

  it('marks no half hour when the day shown is not today', () => {
    expect(
      tariffChartRows(periods, null)
        .flatMap((row) => row.cells)
        .some((c) => c.now),
    ).toBe(false);
  });

  it('refuses a day without 48 half hours', () => {
    expect(() => tariffChartRows(periods.slice(1), null)).toThrow(RangeError);
  });
});

describe('utcHalfHour (spec 001 §9: the half hour containing the current UTC time)', () => {
  it.each<[string, number, number]>([
    ['2026-11-23T00:00:00Z', 1, 0],
    ['2026-11-23T00:29:59Z', 1, 0],
    ['2026-11-23T00:30:00Z', 1, 1],
    ['2026-11-23T13:45:00Z', 1, 27],
    ['2026-11-22T23:59:59Z', 7, 47],
    ['2026-11-23T01:10:00+02:00', 7, 46],
  ])('%s → weekday %i, half hour %i', (iso, weekday, period) => {
    expect(utcHalfHour(new Date(iso))).toEqual({ weekday, period });
  });
});

describe('which tariffs have a chart, and for which weekday', () => {
  const monday: TariffDay = { weekday: 1, periods: dayOf(48, open(0.2), open(0.2)) };
  const week = (periods: TariffPeriod[]): TariffDay[] =>
    Array.from({ length: 7 }, (_, index) => ({ weekday: index + 1, periods }));

  it.each<[string, Parameters<typeof hasTariffChart>[0], boolean]>([
    ['no variability: a flat tariff', null, false],
    ['variability without half-hourly rates', { regular_hours: [] }, false],
    ['half-hourly rates', { regular_hours: [monday] }, true],
  ])('%s → %s', (_, variability, expected) => {
    expect(hasTariffChart(variability)).toBe(expected);
  });

  it.each<[string, TariffDay[], boolean]>([
    ['the same rates every day need no switcher', week(dayOf(10, open(0.1), open(0.3))), false],
    [
      'days with other rates need one',
      [
        ...week(dayOf(10, open(0.1), open(0.3))).slice(0, 6),
        { weekday: 7, periods: dayOf(48, open(0.1), open(0.1)) },
      ],
      true,
    ],
    ['a week with a day missing needs one', [monday], true],
  ])('%s', (_, days, expected) => {
    expect(tariffDaysDiffer(days)).toBe(expected);
  });

  it.each<[string, boolean, number, boolean]>([
    ['a listed weekday shows its own periods', false, 1, true],
    ['a weekday missing from limited hours is unavailable all day', false, 2, false],
    ['a weekday missing from a 24/7 tariff is at the standard rate', true, 2, true],
  ])('%s', (_, twentyfourseven, weekday, available) => {
    const periods = tariffChartPeriods({ twentyfourseven, regular_hours: [monday] }, weekday, 0.45);
    expect(periods).toHaveLength(48);
    expect(periods.every((period) => period.available === available)).toBe(true);
    expect(periods[0]?.standard_rate).toBe(weekday === 1 ? 0.2 : 0.45);
  });
});

describe('tariffChartPriceText (spec 001 §9: 2 decimals with the pound sign)', () => {
  it.each<[number, string, string]>([
    [0.4, 'GBP', '£0.40'],
    [0.125, 'GBP', '£0.13'],
    [0, 'gbp', '£0.00'],
    [0.4, 'EUR', '€0.40'],
  ])('%d %s → %s', (rate, currency, text) => {
    expect(tariffChartPriceText(rate, currency)).toBe(text);
  });
});
