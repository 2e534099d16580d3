import { describe, expect, it } from 'vitest';
import { PERIODS_PER_DAY } from './tariff.ts';
import {
  feePeriod,
  nextHalfHour,
  tariffVariesByTime,
  tariffWording,
  type WordedTariff,
} from './tariff-wording.ts';
import { testTariff } from './test-tariff.ts';

const tariff = (extra: Partial<WordedTariff> = {}): WordedTariff => ({
  ...testTariff(),
  currency: 'GBP',
  ...extra,
});
/** A variable tariff: 30p/kWh except 52p/kWh 16:00–19:00 UTC, every day. */
const peakDay = Array.from({ length: PERIODS_PER_DAY }, (_, period) => ({
  standard_rate: period >= 32 && period < 38 ? 0.52 : 0.3,
  available: true,
}));
const variable = tariff({
  variability: {
    twentyfourseven: true,
    regular_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, periods: peakDay })),
  },
});
const winter = new Date('2026-01-12T16:40:00Z');
const summer = new Date('2026-07-13T16:40:00Z');

describe('tariffWording (issue 19: tariff wording a driver reads at a glance)', () => {
  it.each<[string, WordedTariff, Date, string, ReturnType<typeof tariffWording>]>([
    [
      'a free tariff lists no fees',
      tariff({ standard_rate: 0 }),
      winter,
      'Europe/London',
      { energy: { kind: 'free' }, fees: [] },
    ],
    [
      'one rate: 45p/kWh',
      tariff(),
      winter,
      'Europe/London',
      { energy: { kind: 'flat', rate: '45p/kWh' }, fees: [] },
    ],
    [
      "'Day 69p/kWh · 20:00–… 49p/kWh': the alternate rate runs to midnight UTC",
      tariff({ standard_rate: 0.69, alternate_rate: 0.49, alternate_time: '20:00' }),
      winter,
      'Europe/London',
      {
        energy: {
          kind: 'twoRate',
          day: '69p/kWh',
          from: '20:00',
          to: '00:00',
          alternate: '49p/kWh',
        },
        fees: [],
      },
    ],
    [
      "in the driver's local time, not UTC: 21:00–01:00 in a British summer",
      tariff({ standard_rate: 0.69, alternate_rate: 0.49, alternate_time: '20:00' }),
      summer,
      'Europe/London',
      {
        energy: {
          kind: 'twoRate',
          day: '69p/kWh',
          from: '21:00',
          to: '01:00',
          alternate: '49p/kWh',
        },
        fees: [],
      },
    ],
    [
      'a variable tariff headlines the price now and until when it holds',
      variable,
      winter,
      'Europe/London',
      { energy: { kind: 'variable', rate: '52p/kWh', until: '19:00' }, fees: [] },
    ],
    [
      "the variable price's end in local time (BST)",
      variable,
      summer,
      'Europe/London',
      { energy: { kind: 'variable', rate: '52p/kWh', until: '20:00' }, fees: [] },
    ],
    [
      "'Time fee £1.00/h', 'Overstay £5.00/h after 30 min', and the connection fee first",
      tariff({
        connection_cost: 150,
        costperperiod: 100,
        period: 60,
        overstaycostperperiod: 500,
        overstayperiod: 60,
        overstaygraceperiod: 30,
      }),
      winter,
      'Europe/London',
      {
        energy: { kind: 'flat', rate: '45p/kWh' },
        fees: [
          { kind: 'connection', amount: '£1.50' },
          { kind: 'time', amount: '£1.00', per: { unit: 'h', count: 1 }, after: 0 },
          { kind: 'overstay', amount: '£5.00', per: { unit: 'h', count: 1 }, after: 30 },
        ],
      },
    ],
    [
      'a time fee per 15 minutes after the first 60, in euros',
      tariff({ currency: 'EUR', costperperiod: 25, period: 15, initialperiod: 60 }),
      winter,
      'Europe/Paris',
      {
        energy: { kind: 'flat', rate: '€0.45/kWh' },
        fees: [{ kind: 'time', amount: '€0.25', per: { unit: 'min', count: 15 }, after: 60 }],
      },
    ],
  ])('%s', (_, input, now, timeZone, expected) => {
    expect(tariffWording(input, { now, timeZone })).toEqual(expected);
  });

  it('a variable tariff whose price holds all day has no end time', () => {
    const flatDay = Array.from({ length: PERIODS_PER_DAY }, () => ({
      standard_rate: 0.4,
      available: true,
    }));
    const wording = tariffWording(
      tariff({
        variability: {
          twentyfourseven: true,
          regular_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, periods: flatDay })),
        },
      }),
      { now: winter, timeZone: 'Europe/London' },
    );
    expect(wording.energy).toEqual({ kind: 'variable', rate: '40p/kWh', until: null });
  });
});

describe('feePeriod', () => {
  it.each([
    [60, { unit: 'h', count: 1 }],
    [120, { unit: 'h', count: 2 }],
    [30, { unit: 'min', count: 30 }],
    [90, { unit: 'min', count: 90 }],
  ])('%i minutes', (minutes, expected) => {
    expect(feePeriod(minutes)).toEqual(expected);
  });
});

describe('tariffVariesByTime (issue 19: when the price now is worth saying)', () => {
  const freeDay = Array.from({ length: PERIODS_PER_DAY }, () => ({
    standard_rate: 0,
    available: true,
  }));
  it.each([
    ['a flat 45p/kWh', false, tariff({ standard_rate: 0.45 })],
    [
      'Day 69p/kWh · from 20:00 49p/kWh',
      true,
      tariff({ alternate_rate: 0.49, alternate_time: '20:00' }),
    ],
    [
      'an alternate rate with no time',
      false,
      tariff({ alternate_rate: 0.49, alternate_time: null }),
    ],
    ['a variable tariff with half-hour rates', true, variable],
    [
      'a variable tariff with no hours',
      false,
      tariff({ variability: { twentyfourseven: true, regular_hours: [] } }),
    ],
    [
      'free (spec 001 §5): nothing charged at any hour',
      false,
      tariff({
        standard_rate: 0,
        variability: {
          twentyfourseven: true,
          regular_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, periods: freeDay })),
        },
      }),
    ],
  ])('%s: %s', (_wording, varies, worded) => {
    expect(tariffVariesByTime(worded)).toBe(varies);
  });
});

describe('nextHalfHour', () => {
  it.each([
    ['2026-01-12T16:40:00.000Z', '2026-01-12T17:00:00.000Z'],
    ['2026-01-12T16:00:00.000Z', '2026-01-12T16:30:00.000Z'],
    ['2026-01-12T23:59:59.999Z', '2026-01-13T00:00:00.000Z'],
  ])('after %s comes %s', (now, next) => {
    expect(nextHalfHour(new Date(now)).toISOString()).toBe(next);
  });
});
