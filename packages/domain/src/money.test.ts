import { describe, expect, it } from 'vitest';
import { balanceForDisplay, formatMoney, minorToMajor } from './money.ts';

describe('balanceForDisplay (spec 000 §9: minus stored / 10^decimal_digits)', () => {
  it.each([
    [-1234, 2, 12.34],
    [-3000, 2, 30],
    [500, 2, -5],
    [0, 2, 0],
    [-1234, 0, 1234],
    [-1234, 3, 1.234],
    [-1, 2, 0.01],
  ])('stored %i with %i digits → %d', (stored, digits, expected) => {
    expect(balanceForDisplay(stored, digits)).toBe(expected);
  });

  it('defaults to 2 digits', () => {
    expect(balanceForDisplay(-2550)).toBe(25.5);
  });

  it('never shows negative zero', () => {
    expect(Object.is(balanceForDisplay(0), 0)).toBe(true);
  });
});

describe('minorToMajor', () => {
  it.each([
    [3000, 2, 30],
    [1, 2, 0.01],
    [1500, 0, 1500],
  ])('%i with %i digits → %d', (minor, digits, expected) => {
    expect(minorToMajor(minor, digits)).toBe(expected);
  });
});

describe('formatMoney', () => {
  it.each([
    [3000, { code: 'gbp', decimal_digits: 2 }, 'en-GB', '£30.00'],
    [1234, { code: 'GBP' }, 'en-GB', '£12.34'],
    [-550, { code: 'gbp', decimal_digits: 2 }, 'en-GB', '-£5.50'],
    [1234, { code: 'eur', decimal_digits: 2 }, 'fr-FR', '12,34 €'],
    [1999, { code: 'usd', decimal_digits: 2 }, 'en-US', '$19.99'],
    [1500, { code: 'jpy', decimal_digits: 0 }, 'en-GB', 'JP¥1,500'],
    [12345, { code: 'aed', decimal_digits: 2 }, 'en-GB', 'AED 123.45'],
    [12345, { code: 'gbp', decimal_digits: null }, 'cy-GB', '£123.45'],
  ])('%i %j in %s → %s', (minor, currency, locale, expected) => {
    // ICU versions differ in which no-break space they use; compare with plain spaces.
    expect(formatMoney(minor, currency, locale).replace(/\s/g, ' ')).toBe(expected);
  });
});
