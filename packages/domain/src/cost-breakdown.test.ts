import { describe, expect, it } from 'vitest';
import {
  breakdownFigures,
  breakdownInterval,
  breakdownTimeRange,
  costBreakdownRows,
  type CostBreakdownInput,
} from './cost-breakdown.ts';

const at = (time: string) => `2026-03-02T${time}:00.000Z`;
const entry = (time: string, rate: number, value: number): CostBreakdownInput => ({
  periodStart: at(time),
  rate,
  value,
});

/** Rows as the table shows them, in UTC: [time range, interval, kWh, rate]. */
function shown(entries: CostBreakdownInput[]) {
  return costBreakdownRows(entries).map((row) => [
    breakdownTimeRange(row, 'UTC'),
    row.interval,
    breakdownFigures(row, 'en').kwh,
    breakdownFigures(row, 'en').rate,
  ]);
}

const half = { unit: 'minutes', count: 30 } as const;
const hours = (count: number) => ({ unit: 'hours', count }) as const;

describe('costBreakdownRows (spec 001 §2, §5, §9)', () => {
  it.each<[string, CostBreakdownInput[], ReturnType<typeof shown>]>([
    ['no entries make no rows', [], []],
    [
      'one entry is one 30-minute row',
      [entry('10:00', 0.45, 3.26)],
      [['10:00 - 10:30', half, '3.3', '0.45']],
    ],
    [
      'consecutive entries with the same rate merge: kWh summed, end extended',
      [entry('10:00', 0.45, 3.2), entry('10:30', 0.45, 3.3)],
      [['10:00 - 11:00', hours(1), '6.5', '0.45']],
    ],
    [
      'three merged entries read 1.5 hours',
      [entry('10:00', 0.3, 1), entry('10:30', 0.3, 1), entry('11:00', 0.3, 1)],
      [['10:00 - 11:30', hours(1.5), '3.0', '0.30']],
    ],
    [
      'a change of rate starts a new row',
      [entry('10:00', 0.45, 2), entry('10:30', 0.2, 2), entry('11:00', 0.2, 2)],
      [
        ['10:00 - 10:30', half, '2.0', '0.45'],
        ['10:30 - 11:30', hours(1), '4.0', '0.20'],
      ],
    ],
    [
      'only consecutive entries merge: the same rate again after another is a new row',
      [entry('10:00', 0.45, 1), entry('10:30', 0.2, 1), entry('11:00', 0.45, 1)],
      [
        ['10:00 - 10:30', half, '1.0', '0.45'],
        ['10:30 - 11:00', half, '1.0', '0.20'],
        ['11:00 - 11:30', half, '1.0', '0.45'],
      ],
    ],
    [
      'an entry with an invalid periodStart is silently skipped',
      [entry('10:00', 0.45, 1), { periodStart: 'not a date', rate: 0.45, value: 9 }],
      [['10:00 - 10:30', half, '1.0', '0.45']],
    ],
    [
      'entries either side of a skipped one still merge',
      [entry('10:00', 0.45, 1), { periodStart: '', rate: 0.1, value: 9 }, entry('10:30', 0.45, 1)],
      [['10:00 - 11:00', hours(1), '2.0', '0.45']],
    ],
    [
      'a row across midnight keeps the 24-hour clock',
      [entry('23:30', 0.15, 0.05)],
      [['23:30 - 00:00', half, '0.1', '0.15']],
    ],
    [
      'summed kWh do not gain float noise',
      [entry('10:00', 0.45, 0.1), entry('10:30', 0.45, 0.2)],
      [['10:00 - 11:00', hours(1), '0.3', '0.45']],
    ],
  ])('%s', (_, entries, expected) => {
    expect(shown(entries)).toEqual(expected);
  });
});

describe('breakdownInterval (spec 001 §9: 30 minutes or N hour(s))', () => {
  it.each([
    [30, half],
    [60, hours(1)],
    [90, hours(1.5)],
    [240, hours(4)],
    // Issue 19: rows cut to a session's real times.
    [2.5, { unit: 'minutes', count: 2.5 }],
    [0.35, { unit: 'seconds', count: 21 }],
    // Whole seconds as the duration counts them: 20.6 s beside a duration of 00:00:20.
    [20.6 / 60, { unit: 'seconds', count: 20 }],
    [1 / 60, { unit: 'seconds', count: 1 }],
    [14.04, { unit: 'minutes', count: 14 }],
    [67, { unit: 'hoursAndMinutes', hours: 1, minutes: 7 }],
    [119.6, hours(2)],
  ])('%i minutes', (minutes, expected) => {
    expect(breakdownInterval(minutes)).toEqual(expected);
  });
});

describe('breakdownFigures (kWh 1 decimal, rate 2 decimals)', () => {
  it.each([
    ['en', 12.345, 0.4, '12.3', '0.40'],
    ['en', 0, 0.125, '0.0', '0.13'],
    ['fr', 1234.56, 0.45, '1234,6', '0,45'],
  ])('in %s: %d kWh at %d', (locale, consumedKwh, kwhRate, kwh, rate) => {
    expect(breakdownFigures({ consumedKwh, kwhRate }, locale)).toEqual({ kwh, rate });
  });
});
