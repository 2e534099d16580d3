import { describe, expect, it } from 'vitest';
import { chargeHistogram } from './charge-histogram.ts';
import { sessionCost, type SessionCostInput } from './session-cost.ts';
import { testTariff } from './test-tariff.ts';

const tariff = testTariff({ standard_rate: 0.3, alternate_rate: 0.1, alternate_time: '11:00' });

const session = (over: Partial<SessionCostInput> = {}): SessionCostInput => ({
  tariff,
  startedAt: new Date('2026-11-23T10:05:00Z'),
  stoppedAt: new Date('2026-11-23T11:05:00Z'),
  now: new Date('2026-11-23T12:00:00Z'),
  meterStartWh: 1000,
  meterStopWh: 7000,
  samples: [],
  chargingEndedAt: null,
  ...over,
});

describe('chargeHistogram (spec 001 §3: histogram10 and histogram30 from the meter values)', () => {
  it.each([
    [10, 7, '2026-11-23T10:00:00.000Z', '2026-11-23T11:10:00.000Z', [0.5, 1, 1, 1, 1, 1, 0.5]],
    [30, 3, '2026-11-23T10:00:00.000Z', '2026-11-23T11:30:00.000Z', [2.5, 3, 0.5]],
  ])('%i minutes: %i periods from %s to %s', (minutes, count, first, lastEnd, values) => {
    const histogram = chargeHistogram(session(), minutes);
    expect(histogram.startDate).toBe('2026-11-23T10:05:00.000Z');
    expect(histogram.endDate).toBe('2026-11-23T11:05:00.000Z');
    expect(histogram.periods).toHaveLength(count);
    expect(histogram.periods[0]?.periodStart).toBe(first);
    expect(histogram.periods.at(-1)?.periodEnd).toBe(lastEnd);
    expect(histogram.periods.map((period) => period.value)).toEqual(values);
  });

  it('each period carries the rate in force when the session’s part of it began', () => {
    const rates = chargeHistogram(session(), 30).periods.map((period) => period.rate);
    expect(rates).toEqual([0.3, 0.3, 0.1]);
  });

  it('samples shape the curve: nothing drawn before the first sample, all of it after', () => {
    const values = chargeHistogram(
      session({
        samples: [
          { at: new Date('2026-11-23T10:35:00Z'), energyWh: 1000 },
          { at: new Date('2026-11-23T10:45:00Z'), energyWh: 7000 },
        ],
      }),
      10,
    ).periods.map((period) => period.value);
    expect(values).toEqual([0, 0, 0, 3, 3, 0, 0]);
  });

  it('the 30-minute histogram is the cost breakdown the session was priced with', () => {
    const input = session({
      samples: [{ at: new Date('2026-11-23T10:20:00Z'), energyWh: 1500 }],
    });
    const histogram = chargeHistogram(input, 30).periods.map(({ periodStart, rate, value }) => ({
      periodStart,
      rate,
      value,
    }));
    expect(histogram).toEqual(sessionCost(input).breakdown);
  });

  it('an ongoing session runs to now', () => {
    const histogram = chargeHistogram(
      session({ stoppedAt: null, meterStopWh: null, now: new Date('2026-11-23T10:25:00Z') }),
      10,
    );
    expect(histogram.endDate).toBe('2026-11-23T10:25:00.000Z');
    expect(histogram.periods).toHaveLength(3);
  });
});
