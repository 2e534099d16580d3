import { describe, expect, it } from 'vitest';
import { driverCurrency, topUpLimits, topUpMinor } from './topup-amount.ts';
import { testUser } from '../../test/fixtures.ts';

const GBP = { code: 'GBP', decimal_digits: 2 };

describe('topUpMinor', () => {
  it.each([
    ['12.50', 'en', 1250],
    ['12,50', 'fr', 1250],
    ['12,50', 'it', 1250],
    ['12,50', 'en', null],
    ['1,000', 'en', null],
    ['0.99', 'en', null],
    ['1000', 'en', 100_000],
    ['1000.01', 'en', null],
  ])('%j in %s → %s', (typed, locale, expected) => {
    expect(topUpMinor(typed, GBP, locale)).toBe(expected);
  });
});

describe('topUpLimits', () => {
  it('names the limits in the currency and language', () => {
    expect(topUpLimits(GBP, 'en-GB')).toEqual({ min: '£1.00', max: '£1,000.00' });
  });
});

describe('driverCurrency', () => {
  it("is the driver's preferred currency, gbp when there is no driver", () => {
    expect(driverCurrency(testUser)).toBe(testUser.preferredCurrency);
    expect(driverCurrency(null)).toEqual({ code: 'gbp', decimal_digits: 2 });
  });
});
