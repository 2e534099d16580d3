import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PERIODS_PER_DAY } from './tariff.ts';
import { rateAt, type SessionTariff } from './session-cost.ts';
import {
  MINUTES_PER_WEEK,
  minuteOfWeek,
  priceSteps,
  priceStepsVary,
  rateInSteps,
  type PriceStep,
} from './price-steps.ts';
import { testTariff } from './test-tariff.ts';

/** 30p/kWh except 52p/kWh 16:00–19:00 UTC, on the weekdays given. */
const peakDay = Array.from({ length: PERIODS_PER_DAY }, (_, period) => ({
  standard_rate: period >= 32 && period < 38 ? 0.52 : 0.3,
  available: true,
}));
const variable = (weekdays: number[]) =>
  testTariff({
    variability: {
      twentyfourseven: true,
      regular_hours: weekdays.map((weekday) => ({ weekday, periods: peakDay })),
    },
  });
const day = (n: number) => (n - 1) * 24 * 60;

describe('priceSteps (issue 19: the price now on list rows and map markers)', () => {
  it.each<[string, SessionTariff, PriceStep[]]>([
    ['a flat tariff is one price all week', testTariff(), [[0, 0.45]]],
    [
      '"Day 69p/kWh · 20:00–07:00 49p/kWh": the alternate rate from its time until midnight',
      testTariff({ standard_rate: 0.69, alternate_rate: 0.49, alternate_time: '20:00' }),
      [1, 2, 3, 4, 5, 6, 7].flatMap((weekday): PriceStep[] => [
        [day(weekday), 0.69],
        [day(weekday) + 20 * 60, 0.49],
      ]),
    ],
    [
      'an alternate rate from midnight holds all week',
      testTariff({ standard_rate: 0.69, alternate_rate: 0.49, alternate_time: '00:00' }),
      [[0, 0.49]],
    ],
    [
      'an alternate rate equal to the standard rate changes nothing',
      testTariff({ alternate_rate: 0.45, alternate_time: '18:00' }),
      [[0, 0.45]],
    ],
    [
      'a variable tariff changes at its half hours; a weekday it does not list is at the standard rate',
      variable([1]),
      [
        [0, 0.3],
        [16 * 60, 0.52],
        [19 * 60, 0.3],
        [day(2), 0.45],
      ],
    ],
  ])('%s', (_, tariff, steps) => {
    expect(priceSteps(tariff)).toEqual(steps);
  });

  it('a variable tariff of the same hours every day has six steps a day at most', () => {
    const steps = priceSteps(variable([1, 2, 3, 4, 5, 6, 7]));
    expect(steps.length).toBeLessThanOrEqual(7 * 3);
    expect(priceStepsVary(steps)).toBe(true);
    expect(priceStepsVary(priceSteps(testTariff()))).toBe(false);
  });

  it('minutes of the week count from Monday 00:00 UTC', () => {
    expect(minuteOfWeek(new Date('2026-11-23T00:00:00Z'))).toBe(0);
    expect(minuteOfWeek(new Date('2026-11-25T16:40:59Z'))).toBe(day(3) + 16 * 60 + 40);
    expect(minuteOfWeek(new Date('2026-11-29T23:59:00Z'))).toBe(MINUTES_PER_WEEK - 1);
  });

  it('reads the rate in force by the steps', () => {
    const steps = priceSteps(variable([3]));
    expect(rateInSteps(steps, new Date('2026-11-25T15:59:00Z'))).toBe(0.3);
    expect(rateInSteps(steps, new Date('2026-11-25T16:00:00Z'))).toBe(0.52);
    expect(rateInSteps(steps, new Date('2026-11-26T16:00:00Z'))).toBe(0.45);
  });

  const rate = fc.integer({ min: 0, max: 9999 }).map((tenThousandths) => tenThousandths / 10_000);
  const hhmm = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  const anyTariff: fc.Arbitrary<SessionTariff> = fc.oneof(
    rate.map((standard_rate) => testTariff({ standard_rate })),
    fc
      .tuple(rate, rate, hhmm)
      .map(([standard_rate, alternate_rate, alternate_time]) =>
        testTariff({ standard_rate, alternate_rate, alternate_time }),
      ),
    fc
      .tuple(
        rate,
        fc.uniqueArray(
          fc.record({
            weekday: fc.integer({ min: 1, max: 7 }),
            periods: fc.array(
              fc.record({
                standard_rate: fc.constantFrom(0.2, 0.3, 0.52),
                available: fc.boolean(),
              }),
              { minLength: PERIODS_PER_DAY, maxLength: PERIODS_PER_DAY },
            ),
          }),
          { selector: (hours) => hours.weekday, minLength: 1, maxLength: 7 },
        ),
      )
      .map(([standard_rate, regular_hours]) =>
        testTariff({ standard_rate, variability: { twentyfourseven: false, regular_hours } }),
      ),
  );

  it('answers what rateAt answers at every moment, for any tariff', () => {
    fc.assert(
      fc.property(
        anyTariff,
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }),
        (tariff, at) => {
          const steps = priceSteps(tariff);
          expect(steps[0]?.[0]).toBe(0);
          expect(rateInSteps(steps, at)).toBe(rateAt(tariff, at));
        },
      ),
      { numRuns: 500 },
    );
  });
});
