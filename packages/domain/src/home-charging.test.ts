import { describe, expect, it } from 'vitest';
import { chargerTimeZone, isOwnHomeCharger, ownerHomeTariff } from './home-charging.ts';
import { isTariffFree, type TariffCosts } from './tariff.ts';

describe("chargerTimeZone: a home tariff's night window is local time at the charger", () => {
  it.each([
    ['GB', 'Europe/London'],
    ['gb', 'Europe/London'],
    ['IE', 'Europe/Dublin'],
    ['AE', 'Asia/Dubai'],
    ['ZZ', 'UTC'],
    ['', 'UTC'],
  ])('%s reads %s', (country, zone) => {
    expect(chargerTimeZone(country)).toBe(zone);
  });
});

const paid: TariffCosts = {
  standard_rate: 45,
  alternate_rate: 30,
  connection_cost: 50,
  costperperiod: 10,
  overstaycostperperiod: 20,
  variability: {
    twentyfourseven: true,
    regular_hours: [{ weekday: 1, periods: [{ standard_rate: 25, available: true }] }],
  },
};

describe("ownerHomeTariff: starting a charge at one's own home charger needs no payment", () => {
  it.each<[string, TariffCosts]>([
    ['a flat tariff with every cost', paid],
    [
      'a tariff with no alternate rate nor variability',
      { ...paid, alternate_rate: null, variability: null },
    ],
  ])('%s becomes free (001 §5)', (_case, tariff) => {
    expect(isTariffFree(tariff)).toBe(false);
    const owned = ownerHomeTariff(tariff);
    expect(isTariffFree(owned)).toBe(true);
    expect(owned.variability?.regular_hours[0]?.periods[0]?.available ?? true).toBe(true);
  });
});

describe('isOwnHomeCharger: a home charger is free for its owner only', () => {
  it.each([
    ['its owner at their home charger', { home: true, ownerId: 'u1' }, 'u1', true],
    ['someone else at it', { home: true, ownerId: 'u1' }, 'u2', false],
    ['anyone at one not adopted', { home: true, ownerId: null }, 'u1', false],
    ['a public charger', { home: false, ownerId: 'u1' }, 'u1', false],
    ['nobody', { home: true, ownerId: 'u1' }, null, false],
  ] as const)('%s: %s', (_case, charger, userId, own) => {
    expect(isOwnHomeCharger(charger, userId)).toBe(own);
  });
});
