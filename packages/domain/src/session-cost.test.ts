import { describe, expect, it } from 'vitest';
import {
  hasOverstayFees,
  rateAt,
  sessionCost,
  type SessionCostInput,
  type SessionTariff,
} from './session-cost.ts';
import { PERIODS_PER_DAY, type TariffDay } from './tariff.ts';
import { testTariff } from './test-tariff.ts';

// 2026-03-02 is a Monday; every time is UTC.
const at = (hhmm: string, day = '2026-03-02') => new Date(`${day}T${hhmm}:00.000Z`);

const tariff = testTariff;

/** A finished session from `from` to `to` drawing `wh`, with samples as [time, register Wh]. */
const session = (
  from: string,
  to: string | null,
  wh: number | null,
  samples: [string, number][] = [],
  extra: Partial<SessionCostInput> = {},
): Omit<SessionCostInput, 'tariff'> => ({
  startedAt: at(from),
  stoppedAt: to === null ? null : at(to),
  now: at(to ?? '23:59'),
  meterStartWh: 0,
  meterStopWh: wh,
  samples: samples.map(([time, energyWh]) => ({ at: at(time), energyWh })),
  chargingEndedAt: null,
  ...extra,
});

/** Monday priced 0.25 before 07:00, 0.62 from 16:00 to 19:00, 0.45 otherwise (the demo's day). */
const variableDay = (weekday: number): TariffDay => ({
  weekday,
  periods: Array.from({ length: PERIODS_PER_DAY }, (_, period) => ({
    standard_rate: period < 14 ? 0.25 : period >= 32 && period < 38 ? 0.62 : 0.45,
    available: true,
  })),
});
const mondayOnly = { twentyfourseven: true, regular_hours: [variableDay(1)] };

type Row = [
  string,
  Partial<SessionTariff>,
  Omit<SessionCostInput, 'tariff'>,
  { energy: number; connection: number; periods: number; overstay: number },
];
const parts = (energy: number, connection = 0, periods = 0, overstay = 0) => ({
  energy,
  connection,
  periods,
  overstay,
});

describe('sessionCost', () => {
  it.each<Row>([
    // Standard rate
    ['standard: 10 kWh × £0.45 = 450p', {}, session('10:00', '11:00', 10_000), parts(450)],
    [
      'standard: 1.234 kWh × £0.4567 = 56.357p → 56',
      { standard_rate: 0.4567 },
      session('10:00', '10:20', 1234),
      parts(56),
    ],
    [
      'standard: 1 kWh × £0.455 = 45.5p rounds half up → 46',
      { standard_rate: 0.455 },
      session('10:00', '10:20', 1000),
      parts(46),
    ],
    [
      'rounded once: 3 half hours of 11 Wh × £0.50 = 0.55p each; 1.65p in all → 2 (not 3 × 1)',
      { standard_rate: 0.5 },
      session('10:00', '11:30', 33, [
        ['10:30', 11],
        ['11:00', 22],
      ]),
      parts(2),
    ],
    ['standard: no energy drawn costs nothing', {}, session('10:00', '10:30', 0), parts(0)],
    // Alternate rate from alternate_time until midnight
    [
      'alternate from 20:00: 7 kWh × £0.69 (19:30) + 7 kWh × £0.49 (20:00) = 483 + 343 = 826p',
      { standard_rate: 0.69, alternate_rate: 0.49, alternate_time: '20:00' },
      session('19:30', '20:30', 14_000, [['20:00', 7000]]),
      parts(826),
    ],
    [
      'alternate from 20:15: the half hour from 20:00 is standard, 5 × 69 + 5 × 49 = 590p',
      { standard_rate: 0.69, alternate_rate: 0.49, alternate_time: '20:15' },
      session('20:00', '21:00', 10_000, [['20:30', 5000]]),
      parts(590),
    ],
    [
      'alternate from 20:15: a session starting 20:20 is alternate at once, 2 kWh × £0.49 = 98p',
      { standard_rate: 0.69, alternate_rate: 0.49, alternate_time: '20:15' },
      session('20:20', '20:50', 2000),
      parts(98),
    ],
    [
      'alternate ends at midnight: 4 kWh × £0.49 (23:30) + 4 kWh × £0.69 (00:00) = 196 + 276 = 472p',
      { standard_rate: 0.69, alternate_rate: 0.49, alternate_time: '20:00' },
      session('23:30', '23:59', 8000, [], {
        stoppedAt: at('00:30', '2026-03-03'),
        samples: [{ at: at('00:00', '2026-03-03'), energyWh: 4000 }],
      }),
      parts(472),
    ],
    [
      'energy between readings is spread evenly: 10:15–10:45 3 kWh, 1.5 × £0.40 + 1.5 × £0.20 = 90p',
      { standard_rate: 0.4, alternate_rate: 0.2, alternate_time: '10:30' },
      session('10:15', '10:45', 3000),
      parts(90),
    ],
    // Connection cost
    [
      'connection: 100p + 2 kWh × £0.45 = 100 + 90',
      { connection_cost: 100 },
      session('10:00', '10:30', 2000),
      parts(90, 100),
    ],
    [
      'connection: charged even with no energy',
      { connection_cost: 100 },
      session('10:00', '10:05', 0),
      parts(0, 100),
    ],
    // Cost per period after the initial period
    [
      'periods: 60 min within a 60-min initial period → 0',
      { standard_rate: 0, costperperiod: 100, period: 60, initialperiod: 60 },
      session('10:00', '11:00', 0),
      parts(0, 0, 0),
    ],
    [
      'periods: 61 min = initial 60 + 1 started hour → 100p',
      { standard_rate: 0, costperperiod: 100, period: 60, initialperiod: 60 },
      session('10:00', '11:01', 0),
      parts(0, 0, 100),
    ],
    [
      'periods: 120 min = initial 60 + 1 full hour → 100p',
      { standard_rate: 0, costperperiod: 100, period: 60, initialperiod: 60 },
      session('10:00', '12:00', 0),
      parts(0, 0, 100),
    ],
    [
      'periods: 121 min = initial 60 + 2 started hours → 200p',
      { standard_rate: 0, costperperiod: 100, period: 60, initialperiod: 60 },
      session('10:00', '12:01', 0),
      parts(0, 0, 200),
    ],
    [
      'periods: no initial period, 45 min = 2 started 30-min periods × 50p',
      { standard_rate: 0, costperperiod: 50, period: 30 },
      session('10:00', '10:45', 0),
      parts(0, 0, 100),
    ],
    [
      'periods: a period of 0 minutes charges none',
      { standard_rate: 0, costperperiod: 50, period: 0 },
      session('10:00', '10:45', 0),
      parts(0, 0, 0),
    ],
    // Overstay after the grace period
    [
      'overstay: idle 30 min within the 30-min grace → 0',
      { overstaycostperperiod: 500, overstayperiod: 60, overstaygraceperiod: 30 },
      session('10:00', '11:30', 0, [], { chargingEndedAt: at('11:00') }),
      parts(0),
    ],
    [
      'overstay: idle 31 min = grace 30 + 1 started hour → 500p',
      { overstaycostperperiod: 500, overstayperiod: 60, overstaygraceperiod: 30 },
      session('10:00', '11:31', 0, [], { chargingEndedAt: at('11:00') }),
      parts(0, 0, 0, 500),
    ],
    [
      'overstay: idle 91 min = grace 30 + 2 started hours → 1000p',
      { overstaycostperperiod: 500, overstayperiod: 60, overstaygraceperiod: 30 },
      session('10:00', '12:31', 0, [], { chargingEndedAt: at('11:00') }),
      parts(0, 0, 0, 1000),
    ],
    [
      'overstay: a car that never stopped drawing overstays nothing',
      { overstaycostperperiod: 500, overstayperiod: 60, overstaygraceperiod: 30 },
      session('10:00', '14:00', 0),
      parts(0),
    ],
    // Overstay after the stop, while the cable stays in (overstayUntil: the unplug)
    [
      'after the stop: stopped 11:00, unplugged 11:31 = grace 30 + 1 started hour → 500p',
      { overstaycostperperiod: 500, overstayperiod: 60, overstaygraceperiod: 30 },
      session('10:00', '11:00', 0, [], { overstayUntil: at('11:31') }),
      parts(0, 0, 0, 500),
    ],
    [
      'after the stop: stopped 11:00, unplugged 11:25, 25 min within the 30-min grace → 0',
      { overstaycostperperiod: 500, overstayperiod: 60, overstaygraceperiod: 30 },
      session('10:00', '11:00', 0, [], { overstayUntil: at('11:25') }),
      parts(0),
    ],
    [
      'after the stop: idle since 10:45, stopped 11:00, unplugged 11:20 = 35 min → 500p',
      { overstaycostperperiod: 500, overstayperiod: 60, overstaygraceperiod: 30 },
      session('10:00', '11:00', 0, [], {
        chargingEndedAt: at('10:45'),
        overstayUntil: at('11:20'),
      }),
      parts(0, 0, 0, 500),
    ],
    [
      'waiting for the unplug: idle from the 11:00 stop to now 12:31 = 91 min → 1000p',
      { overstaycostperperiod: 500, overstayperiod: 60, overstaygraceperiod: 30 },
      session('10:00', '11:00', 0, [], { now: at('12:31'), overstayUntil: at('12:31') }),
      parts(0, 0, 0, 1000),
    ],
    [
      'an unplug time before the stop counts as the stop: no overstay',
      { overstaycostperperiod: 500, overstayperiod: 60, overstaygraceperiod: 0 },
      session('10:00', '11:00', 0, [], { overstayUntil: at('10:50') }),
      parts(0),
    ],
    [
      'hold 600: 90 energy + 100 connection leave 410 of the 1000 overstay',
      { connection_cost: 100, overstaycostperperiod: 500, overstayperiod: 60 },
      session('10:00', '11:00', 2000, [], { overstayUntil: at('12:30'), heldMinor: 600 }),
      parts(90, 100, 0, 410),
    ],
    [
      'hold 50 below the 90 energy: no overstay, the energy is not cut',
      { overstaycostperperiod: 500, overstayperiod: 60 },
      session('10:00', '11:00', 2000, [], { overstayUntil: at('12:30'), heldMinor: 50 }),
      parts(90),
    ],
    [
      'hold 3000 above the cost: the 1000 overstay is charged whole',
      { overstaycostperperiod: 500, overstayperiod: 60 },
      session('10:00', '11:00', 0, [], { overstayUntil: at('12:30'), heldMinor: 3000 }),
      parts(0, 0, 0, 1000),
    ],
    // Variable half-hourly rates by weekday (UTC)
    [
      'variable Monday: 2 kWh × £0.25 (06:30) + 2 kWh × £0.45 (07:00) = 50 + 90 = 140p',
      { variability: mondayOnly },
      session('06:30', '07:30', 4000, [['07:00', 2000]]),
      parts(140),
    ],
    [
      'variable Monday: 1 kWh × £0.45 (15:30) + 1 kWh × £0.62 (16:00) = 45 + 62 = 107p',
      { variability: mondayOnly },
      session('15:30', '16:30', 2000, [['16:00', 1000]]),
      parts(107),
    ],
    [
      'variable: Tuesday is not listed, so the standard £0.30 applies: 2 kWh → 60p',
      { standard_rate: 0.3, variability: mondayOnly },
      session('06:30', '06:59', 0, [], {
        startedAt: at('06:30', '2026-03-03'),
        stoppedAt: at('07:00', '2026-03-03'),
        meterStopWh: 2000,
      }),
      parts(60),
    ],
    // Free tariff (spec 001 §5)
    [
      'free: every price 0, 25 kWh costs 0',
      { standard_rate: 0 },
      session('10:00', '12:00', 25_000),
      parts(0),
    ],
    // Every part at once (the demo's York Station tariff)
    [
      'York: 7 × 69 + 7 × 49 = 826, + 100 connection, idle 20:30–21:31 = grace 30 + 1 started hour → 500; 1426p',
      {
        standard_rate: 0.69,
        alternate_rate: 0.49,
        alternate_time: '20:00',
        connection_cost: 100,
        overstaycostperperiod: 500,
        overstayperiod: 60,
        overstaygraceperiod: 30,
      },
      session(
        '19:30',
        '21:31',
        14_000,
        [
          ['20:00', 7000],
          ['20:30', 14_000],
        ],
        {
          chargingEndedAt: at('20:30'),
        },
      ),
      parts(826, 100, 0, 500),
    ],
    // Live estimate
    [
      'live: at 10:45 the last reading (10:30, 4 kWh) is the energy so far: 4 × £0.45 = 180p',
      {},
      session('10:00', null, null, [['10:30', 4000]], { now: at('10:45') }),
      parts(180),
    ],
    [
      'live: periods run to now, 10:00 → 11:10 with 60 min covered = 1 started hour → 100p',
      { standard_rate: 0, costperperiod: 100, period: 60, initialperiod: 60 },
      session('10:00', null, null, [], { now: at('11:10') }),
      parts(0, 0, 100),
    ],
    [
      'live: overstay runs to now, idle since 11:00, at 11:45 beyond the 30-min grace → 500p',
      { overstaycostperperiod: 500, overstayperiod: 60, overstaygraceperiod: 30 },
      session('10:00', null, null, [], { now: at('11:45'), chargingEndedAt: at('11:00') }),
      parts(0, 0, 0, 500),
    ],
    // Readings that make no sense
    [
      'a sample above meterStop is held to it: 2 kWh × £0.45 = 90p',
      {},
      session('10:00', '11:00', 2000, [['10:30', 9000]]),
      parts(90),
    ],
  ])('%s', (_name, tariffExtra, input, expected) => {
    const cost = sessionCost({ tariff: tariff(tariffExtra), ...input });
    expect(cost.parts).toEqual(expected);
    expect(cost.total).toBe(
      expected.energy + expected.connection + expected.periods + expected.overstay,
    );
  });

  it.each([
    // 1 kWh × £0.45 = 45 minor units at 2 digits; 450 at 3 (e.g. a currency with 3 digits); 0 digits: 0.45 → 0.
    [2, 45],
    [3, 450],
    [0, 0],
  ])('with %i decimal digits 1 kWh × 0.45 is %i minor units', (decimalDigits, energy) => {
    const cost = sessionCost({
      tariff: tariff(),
      decimalDigits,
      ...session('10:00', '10:30', 1000),
    });
    expect(cost.parts.energy).toBe(energy);
  });

  it('breaks the energy into the half hours it was drawn in, with their rates', () => {
    const cost = sessionCost({
      tariff: tariff({ standard_rate: 0.69, alternate_rate: 0.49, alternate_time: '20:00' }),
      ...session('19:40', '20:40', 6000, [
        ['20:00', 2000],
        ['20:30', 5000],
      ]),
    });
    expect(cost.breakdown).toEqual([
      { periodStart: '2026-03-02T19:30:00.000Z', rate: 0.69, value: 2 },
      { periodStart: '2026-03-02T20:00:00.000Z', rate: 0.49, value: 3 },
      { periodStart: '2026-03-02T20:30:00.000Z', rate: 0.49, value: 1 },
    ]);
    // 2 × 69 + 4 × 49 = 138 + 196
    expect(cost.total).toBe(334);
  });

  it('splits energy at the half hour by time between readings, to the whole Wh', () => {
    // 1001 Wh from 10:20 to 10:40: half before 10:30 (500.5 → 501 Wh at the boundary), half after.
    const cost = sessionCost({ tariff: tariff(), ...session('10:20', '10:40', 1001) });
    expect(cost.breakdown.map((entry) => entry.value)).toEqual([0.501, 0.5]);
  });

  it('has one entry for a session that has only just started', () => {
    const cost = sessionCost({
      tariff: tariff(),
      ...session('10:10', null, null, [], { now: at('10:10') }),
    });
    expect(cost.breakdown).toEqual([
      { periodStart: '2026-03-02T10:00:00.000Z', rate: 0.45, value: 0 },
    ]);
    expect(cost.total).toBe(0);
  });
});

describe('rateAt', () => {
  it.each<[string, Partial<SessionTariff>, Date, number]>([
    ['standard only', {}, at('21:00'), 0.45],
    ['before alternate_time', { alternate_rate: 0.2, alternate_time: '20:00' }, at('19:59'), 0.45],
    ['at alternate_time', { alternate_rate: 0.2, alternate_time: '20:00' }, at('20:00'), 0.2],
    ['just before midnight', { alternate_rate: 0.2, alternate_time: '20:00' }, at('23:59'), 0.2],
    [
      'after midnight',
      { alternate_rate: 0.2, alternate_time: '20:00' },
      at('00:00', '2026-03-03'),
      0.45,
    ],
    ['alternate time without an alternate rate', { alternate_time: '20:00' }, at('21:00'), 0.45],
    ['variable: Monday 06:59 is period 13', { variability: mondayOnly }, at('06:59'), 0.25],
    ['variable: Monday 18:30 is period 37', { variability: mondayOnly }, at('18:30'), 0.62],
    [
      'variable wins over the alternate rate',
      { variability: mondayOnly, alternate_rate: 0.1, alternate_time: '00:00' },
      at('12:00'),
      0.45,
    ],
  ])('%s', (_name, extra, moment, rate) => {
    expect(rateAt(tariff(extra), moment)).toBe(rate);
  });
});

describe('hasOverstayFees', () => {
  it.each<[string, Partial<SessionTariff>, boolean]>([
    ['500 per started hour', { overstaycostperperiod: 500, overstayperiod: 60 }, true],
    ['a price but no period length', { overstaycostperperiod: 500, overstayperiod: 0 }, false],
    ['a period length but no price', { overstaycostperperiod: 0, overstayperiod: 60 }, false],
    ['a free tariff', { standard_rate: 0, overstaycostperperiod: 0, overstayperiod: 60 }, false],
  ])('%s → %s', (_name, extra, expected) => {
    expect(hasOverstayFees(tariff(extra))).toBe(expected);
  });
});
