import { describe, expect, it } from 'vitest';
import {
  dashboardBuckets,
  dashboardSummary,
  dashboardTotals,
  dashboardWindow,
  dashboardWindowProblem,
  midnightDaysBefore,
  type DashboardCharge,
} from './dashboard.ts';

const d = (iso: string) => new Date(iso);

describe('dashboardWindow (spec 000 §9: last 1 month, last 1 year, or N days from midnight)', () => {
  it.each([
    [
      'last 1 month',
      null,
      false,
      '2026-11-23T10:00:00Z',
      'month',
      '2026-10-23T10:00:00.000Z',
      'day',
    ],
    [
      'last 1 year',
      null,
      true,
      '2026-11-23T10:00:00Z',
      'year',
      '2025-11-23T10:00:00.000Z',
      'month',
    ],
    [
      'a month back from the 31st ends on the shorter month’s last day',
      null,
      false,
      '2026-03-31T08:00:00Z',
      'month',
      '2026-02-28T08:00:00.000Z',
      'day',
    ],
    [
      'a year back from 29 February is 28 February',
      null,
      true,
      '2028-02-29T08:00:00Z',
      'year',
      '2027-02-28T08:00:00.000Z',
      'month',
    ],
    [
      'a month back from January is December',
      null,
      false,
      '2027-01-15T00:00:00Z',
      'month',
      '2026-12-15T00:00:00.000Z',
      'day',
    ],
    [
      'N days: from the given midnight',
      '2026-11-17T00:00:00Z',
      false,
      '2026-11-23T10:00:00Z',
      'days',
      '2026-11-17T00:00:00.000Z',
      'day',
    ],
    [
      'years wins over a start date',
      '2026-11-17T00:00:00Z',
      true,
      '2026-11-23T10:00:00Z',
      'year',
      '2025-11-23T10:00:00.000Z',
      'month',
    ],
  ] as const)('%s', (_name, startdate, years, today, kind, from, bucket) => {
    const window = dashboardWindow({
      startdate: startdate ? d(startdate) : null,
      years,
      today: d(today),
    });
    expect(window).toEqual({ kind, from: d(from), to: d(today), bucket });
  });

  it.each([
    ['a start before today', '2026-11-20T00:00:00Z', null],
    ['a start at today', '2026-11-23T10:00:00Z', null],
    ['a start after today', '2026-11-24T00:00:00Z', 'must not be after today'],
  ])('%s: %s', (_name, startdate, problem) => {
    const window = dashboardWindow({
      startdate: d(startdate),
      years: false,
      today: d('2026-11-23T10:00:00Z'),
    });
    expect(dashboardWindowProblem(window)).toBe(problem);
  });
});

describe('midnightDaysBefore (N days from midnight, in the driver’s zone)', () => {
  it.each([
    [
      '1 day is today since midnight (UTC)',
      '2026-11-23T10:00:00Z',
      1,
      0,
      '2026-11-23T00:00:00.000Z',
    ],
    ['7 days: midnight six days ago', '2026-11-23T10:00:00Z', 7, 0, '2026-11-17T00:00:00.000Z'],
    [
      'UTC+1: local midnight is 23:00 UTC the day before',
      '2026-11-23T10:00:00Z',
      1,
      60,
      '2026-11-22T23:00:00.000Z',
    ],
    ['UTC+1 just after local midnight', '2026-11-22T23:30:00Z', 1, 60, '2026-11-22T23:00:00.000Z'],
    [
      'UTC−5 in the evening: local midnight is 05:00 UTC',
      '2026-11-24T02:00:00Z',
      1,
      -300,
      '2026-11-23T05:00:00.000Z',
    ],
    ['0 days counts as 1', '2026-11-23T10:00:00Z', 0, 0, '2026-11-23T00:00:00.000Z'],
  ])('%s', (_name, now, days, offset, midnight) => {
    expect(midnightDaysBefore(d(now), days, offset)).toEqual(d(midnight));
  });
});

describe('dashboardBuckets: days for a month or N days, calendar months for a year', () => {
  it('7 days from midnight: 7 day buckets, the last cut at now', () => {
    const buckets = dashboardBuckets(
      dashboardWindow({
        startdate: d('2026-11-17T00:00:00Z'),
        years: false,
        today: d('2026-11-23T10:00:00Z'),
      }),
    );
    expect(buckets).toHaveLength(7);
    expect(buckets[0]).toEqual({
      start: d('2026-11-17T00:00:00Z'),
      end: d('2026-11-18T00:00:00Z'),
    });
    expect(buckets[6]).toEqual({
      start: d('2026-11-23T00:00:00Z'),
      end: d('2026-11-23T10:00:00Z'),
    });
  });
  it('a year from 31 January: month ends clamp to shorter months and come back to the 31st', () => {
    const buckets = dashboardBuckets(
      dashboardWindow({ startdate: null, years: true, today: d('2027-01-31T12:00:00Z') }),
    );
    expect(buckets).toHaveLength(12);
    expect(buckets[0]).toEqual({
      start: d('2026-01-31T12:00:00Z'),
      end: d('2026-02-28T12:00:00Z'),
    });
    expect(buckets[1]?.end).toEqual(d('2026-03-31T12:00:00Z'));
    expect(buckets[11]?.end).toEqual(d('2027-01-31T12:00:00Z'));
  });
});

const charge = (over: Partial<DashboardCharge>): DashboardCharge => ({
  startedAt: d('2026-11-20T10:00:00Z'),
  energyWh: 10_000,
  durationSeconds: 3600,
  costMinor: 450,
  currency: 'gbp',
  ...over,
});

describe('dashboardTotals (spec 000 §2: kWh, km, charge time, CO2 saved, cost per km, spent)', () => {
  it.each([
    [
      'nothing charged',
      [],
      4,
      { sessions: 0, kWh: 0, km: 0, chargeSeconds: 0, co2SavedKg: 0, spent: [] },
    ],
    [
      '10 kWh at 4 miles per kWh: 40 miles = 64.4 km, 164 g/km saved, 450p / 64.37 km',
      [charge({})],
      4,
      {
        sessions: 1,
        kWh: 10,
        km: 64.4,
        chargeSeconds: 3600,
        co2SavedKg: 10.56,
        spent: [{ currency: 'gbp', total: 450, costPerKm: 6.99 }],
      },
    ],
    [
      'two charges add up before rounding (1.234 + 1.235 kWh = 2.47, not 1.23 + 1.24)',
      [
        charge({ energyWh: 1234, costMinor: 55 }),
        charge({ energyWh: 1235, costMinor: 56, durationSeconds: 60 }),
      ],
      3.5,
      {
        sessions: 2,
        kWh: 2.47,
        km: 13.9,
        chargeSeconds: 3660,
        co2SavedKg: 2.28,
        spent: [{ currency: 'gbp', total: 111, costPerKm: 7.98 }],
      },
    ],
    [
      'no car chosen: no km, no CO2, no cost per km; spent still counts',
      [charge({})],
      null,
      {
        sessions: 1,
        kWh: 10,
        km: null,
        chargeSeconds: 3600,
        co2SavedKg: null,
        spent: [{ currency: 'gbp', total: 450, costPerKm: null }],
      },
    ],
    [
      'each currency its own total, by code',
      [
        charge({ currency: 'gbp', costMinor: 300 }),
        charge({ currency: 'eur', costMinor: 500 }),
        charge({ currency: 'gbp', costMinor: 200 }),
      ],
      4,
      {
        sessions: 3,
        kWh: 30,
        km: 193.1,
        chargeSeconds: 10_800,
        co2SavedKg: 31.67,
        spent: [
          { currency: 'eur', total: 500, costPerKm: 2.59 },
          { currency: 'gbp', total: 500, costPerKm: 2.59 },
        ],
      },
    ],
    [
      'a free charge: spent 0, cost per km 0',
      [charge({ costMinor: 0 })],
      4,
      {
        sessions: 1,
        kWh: 10,
        km: 64.4,
        chargeSeconds: 3600,
        co2SavedKg: 10.56,
        spent: [{ currency: 'gbp', total: 0, costPerKm: 0 }],
      },
    ],
    [
      'home charges: what their energy cost at home, per currency (issue 16)',
      [
        charge({ costMinor: 0, homeCharge: { total: 120, currency: 'gbp' } }),
        charge({ costMinor: 0, homeCharge: { total: 95, currency: 'gbp' } }),
        charge({ costMinor: 0, homeCharge: null }),
      ],
      null,
      {
        sessions: 3,
        kWh: 30,
        km: null,
        chargeSeconds: 10_800,
        co2SavedKg: null,
        spent: [{ currency: 'gbp', total: 0, costPerKm: null }],
        homeSpent: [{ currency: 'gbp', total: 215 }],
      },
    ],
  ] as const)('%s', (_name, charges, milesPerKwh, totals) => {
    // Only home charges cost anything at home: none of the others has a home spend.
    expect(dashboardTotals(charges, milesPerKwh)).toEqual({ homeSpent: [], ...totals });
  });
});

describe('dashboardSummary: a charge counts in the window and bucket where it started', () => {
  const window = dashboardWindow({
    startdate: d('2026-11-21T00:00:00Z'),
    years: false,
    today: d('2026-11-23T10:00:00Z'),
  });
  const summary = dashboardSummary(
    window,
    [
      charge({ startedAt: d('2026-11-20T23:59:59Z'), energyWh: 1000 }),
      charge({ startedAt: d('2026-11-21T00:00:00Z'), energyWh: 2000 }),
      charge({ startedAt: d('2026-11-22T23:59:59Z'), energyWh: 3000 }),
      charge({ startedAt: d('2026-11-23T10:00:00Z'), energyWh: 4000 }),
    ],
    4,
  );
  it('the window holds what started from its start up to now', () => {
    expect(summary.totals.kWh).toBe(9);
    expect(summary.totals.sessions).toBe(3);
  });
  it.each([
    [0, 2],
    [1, 3],
    [2, 4],
  ])('bucket %i holds %f kWh', (index, kWh) => {
    expect(summary.buckets[index]?.totals.kWh).toBe(kWh);
  });
});
