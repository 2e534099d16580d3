import { describe, expect, it } from 'vitest';
import { breakdownTimeRange, type CostBreakdownInput } from './cost-breakdown.ts';
import {
  rateMomentOf,
  sessionBreakdown,
  sessionEnergyRates,
  shareByWeight,
  type SessionBreakdownInput,
  type SessionCostParts,
} from './session-breakdown.ts';
import { sessionCost } from './session-cost.ts';
import { testTariff } from './test-tariff.ts';

const at = (time: string) => new Date(`2026-03-02T${time}Z`);
const parts = (extra: Partial<SessionCostParts> = {}): SessionCostParts => ({
  energy: 0,
  connection: 0,
  periods: 0,
  overstay: 0,
  ...extra,
});

/** The rows as the table shows them in UTC: [time range, interval, cost] and the fee rows. */
function shown(input: SessionBreakdownInput) {
  const breakdown = sessionBreakdown(input);
  return {
    energy: breakdown.energy.map((row) => [
      breakdownTimeRange(row, 'UTC'),
      row.interval,
      row.costMinor,
    ]),
    fees: breakdown.fees.map((row) => [row.fee, row.costMinor]),
    total: breakdown.total,
  };
}

describe('sessionBreakdown (issue 19: the rows add up to the total, fees included)', () => {
  it.each<[string, SessionBreakdownInput, ReturnType<typeof shown>]>([
    [
      "'total £1.08, one row 0.1 kWh @ £0.69': the connection fee gets its own row",
      {
        entries: [{ periodStart: '2026-03-02T06:00:00Z', rate: 0.69, value: 0.058 }],
        parts: parts({ energy: 4, connection: 104 }),
        startedAt: at('06:12:10'),
        endedAt: at('06:14:40'),
      },
      {
        energy: [['06:12 - 06:14', { unit: 'minutes', count: 2.5 }, 4]],
        fees: [['connection', 104]],
        total: 108,
      },
    ],
    [
      "a slot row shows the session's real times, not '06:00–06:30, 30 minutes'",
      {
        entries: [
          { periodStart: '2026-03-02T06:00:00Z', rate: 0.45, value: 1 },
          { periodStart: '2026-03-02T06:30:00Z', rate: 0.45, value: 3 },
          { periodStart: '2026-03-02T07:00:00Z', rate: 0.45, value: 1 },
        ],
        parts: parts({ energy: 225 }),
        startedAt: at('06:20:00'),
        endedAt: at('07:27:00'),
      },
      {
        energy: [['06:20 - 07:27', { unit: 'hoursAndMinutes', hours: 1, minutes: 7 }, 225]],
        fees: [],
        total: 225,
      },
    ],
    [
      'time and overstay fees are rows too, in that order after the connection fee',
      {
        entries: [{ periodStart: '2026-03-02T10:00:00Z', rate: 0.5, value: 2 }],
        parts: parts({ energy: 100, connection: 50, periods: 200, overstay: 500 }),
        startedAt: at('10:00:00'),
        endedAt: at('10:30:00'),
      },
      {
        energy: [['10:00 - 10:30', { unit: 'minutes', count: 30 }, 100]],
        fees: [
          ['connection', 50],
          ['periods', 200],
          ['overstay', 500],
        ],
        total: 850,
      },
    ],
    [
      'energy rows at two rates share the energy part exactly (rounded once on the server)',
      {
        entries: [
          { periodStart: '2026-03-02T19:30:00Z', rate: 0.69, value: 0.333 },
          { periodStart: '2026-03-02T20:00:00Z', rate: 0.49, value: 0.333 },
        ],
        // 0.69 × 0.333 + 0.49 × 0.333 = 39.294p, rounded once: 39p.
        parts: parts({ energy: 39 }),
        startedAt: at('19:45:00'),
        endedAt: at('20:15:00'),
      },
      {
        energy: [
          ['19:45 - 20:00', { unit: 'minutes', count: 15 }, 23],
          ['20:00 - 20:15', { unit: 'minutes', count: 15 }, 16],
        ],
        fees: [],
        total: 39,
      },
    ],
    [
      'a free tariff: rows at no cost and no fee rows',
      {
        entries: [{ periodStart: '2026-03-02T10:00:00Z', rate: 0, value: 5 }],
        parts: parts(),
        startedAt: at('10:05:00'),
        endedAt: null,
      },
      { energy: [['10:05 - 10:30', { unit: 'minutes', count: 25 }, 0]], fees: [], total: 0 },
    ],
    [
      'a session not started has no rows',
      { entries: [], parts: parts(), startedAt: null, endedAt: null },
      { energy: [], fees: [], total: 0 },
    ],
  ])('%s', (_, input, expected) => {
    expect(shown(input)).toEqual(expected);
  });

  it('adds up to sessionCost’s total for a session over a change of rate, with every fee', () => {
    const tariff = testTariff({
      standard_rate: 0.6917,
      alternate_rate: 0.4903,
      alternate_time: '20:00',
      connection_cost: 99,
      costperperiod: 100,
      period: 60,
      initialperiod: 0,
      overstaycostperperiod: 500,
      overstayperiod: 60,
      overstaygraceperiod: 30,
    });
    const startedAt = at('18:47:13');
    const stoppedAt = at('21:58:41');
    const cost = sessionCost({
      tariff,
      startedAt,
      stoppedAt,
      now: stoppedAt,
      meterStartWh: 1_000,
      meterStopWh: 23_457,
      samples: [{ at: at('20:13:00'), energyWh: 12_345 }],
      chargingEndedAt: at('21:00:00'),
    });
    const breakdown = sessionBreakdown({
      entries: cost.breakdown,
      parts: cost.parts,
      startedAt,
      endedAt: stoppedAt,
    });
    expect(breakdown.total).toBe(cost.total);
    expect(breakdown.fees.map((row) => row.fee)).toEqual(['connection', 'periods', 'overstay']);
    expect(breakdownTimeRange(breakdown.energy[0]!, 'UTC')).toBe('18:47 - 20:00');
    expect(breakdownTimeRange(breakdown.energy.at(-1)!, 'UTC')).toBe('20:00 - 21:58');
  });
});

describe('shareByWeight', () => {
  it.each<[string, number, bigint[], number[]]>([
    ['in proportion when it divides', 10, [1n, 1n], [5, 5]],
    ['the unit left over goes to the largest remainder', 10, [1n, 2n], [3, 7]],
    ['a tie gives the earlier row the unit', 1, [1n, 1n], [1, 0]],
    ['no weight puts it all on the first', 7, [0n, 0n], [7, 0]],
    ['nothing to share', 0, [3n, 4n], [0, 0]],
    ['no rows', 5, [], []],
  ])('%s', (_, amount, weights, expected) => {
    expect(shareByWeight(amount, weights)).toEqual(expected);
  });
});

describe("sessionEnergyRates (issue 19: 'show the tariff's own rate beside it')", () => {
  const entry = (rate: number, value: number) => ({
    periodStart: '2026-03-02T10:00:00Z',
    rate,
    value,
  });
  it.each<[string, CostBreakdownInput[], number, number[]]>([
    [
      'one rate: 45p at a 45p tariff, whatever the fees',
      [entry(0.45, 3), entry(0.45, 2)],
      0.45,
      [0.45],
    ],
    [
      'over a change of rate, both in order',
      [entry(0.69, 1), entry(0.49, 2), entry(0.69, 1)],
      0.69,
      [0.69, 0.49],
    ],
    [
      'a half hour with nothing drawn does not count',
      [entry(0.62, 0), entry(0.45, 1)],
      0.62,
      [0.45],
    ],
    ['nothing drawn yet: the rate now', [entry(0.62, 0)], 0.62, [0.62]],
    ['no entries: the rate now', [], 0.3, [0.3]],
  ])('%s', (_, entries, rateNow, expected) => {
    expect(sessionEnergyRates(entries, rateNow)).toEqual(expected);
  });
});

describe("rateMomentOf (issue 19: a finished session's rate is the one it ran under)", () => {
  const start = at('10:00:00');
  const now = new Date('2026-03-09T21:00:00Z');
  it.each<[string, boolean, Date | null, Date]>([
    ['a finished session: its start, not today', true, start, start],
    ['a running session: now', false, start, now],
    ['a session not started yet: now', false, null, now],
    ['a finished session that never started: now', true, null, now],
  ])('%s', (_, finished, startedAt, expected) => {
    expect(rateMomentOf({ finished, startedAt }, now)).toEqual(expected);
  });
});
