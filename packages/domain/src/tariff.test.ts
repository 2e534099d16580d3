import { describe, expect, it } from 'vitest';
import { PERIODS_PER_DAY, isTariffFree, type TariffCosts, type TariffDay } from './tariff.ts';

const day = (weekday: number, rate: number): TariffDay => ({
  weekday,
  periods: Array.from({ length: PERIODS_PER_DAY }, () => ({
    standard_rate: rate,
    available: true,
  })),
});

const zero: TariffCosts = {
  standard_rate: 0,
  alternate_rate: 0,
  connection_cost: 0,
  costperperiod: 0,
  overstaycostperperiod: 0,
  variability: null,
};

describe('isTariffFree (spec 001 §5)', () => {
  it.each<[string, Partial<TariffCosts>, boolean]>([
    ['everything zero', {}, true],
    ['no alternate rate', { alternate_rate: null }, true],
    [
      '24/7 variability with zero periods',
      { variability: { twentyfourseven: true, regular_hours: [day(1, 0)] } },
      true,
    ],
    [
      'variability without regular hours',
      { variability: { twentyfourseven: true, regular_hours: [] } },
      true,
    ],
    ['standard rate charged', { standard_rate: 35 }, false],
    ['alternate rate charged', { alternate_rate: 20 }, false],
    ['connection cost charged', { connection_cost: 100 }, false],
    ['per-period cost charged', { costperperiod: 50 }, false],
    ['overstay cost charged', { overstaycostperperiod: 10 }, false],
    [
      'one variable period rate charged',
      {
        variability: {
          twentyfourseven: false,
          regular_hours: [
            day(1, 0),
            {
              weekday: 2,
              periods: day(2, 0).periods.map((p, i) => (i === 47 ? { ...p, standard_rate: 1 } : p)),
            },
          ],
        },
      },
      false,
    ],
    ['a fractional rate is not free', { standard_rate: 0.5 }, false],
  ])('%s → %s', (_label, change, expected) => {
    expect(isTariffFree({ ...zero, ...change })).toBe(expected);
  });
});
