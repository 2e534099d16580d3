import { describe, expect, it } from 'vitest';
import { registrationCurrencyChoices } from './registration-currency.ts';

describe("registration currency for the brand (issue 19: the brand's default currency preselected)", () => {
  it.each([
    ['a pound brand keeps the spec choices', 'GBP', ['gbp', 'usd', 'eur', 'other'], 'gbp'],
    ['a euro brand keeps the spec choices', 'EUR', ['gbp', 'usd', 'eur', 'other'], 'eur'],
    [
      'Oasis: AED first rather than under Other',
      'AED',
      ['aed', 'gbp', 'usd', 'eur', 'other'],
      'aed',
    ],
  ])('%s', (_, brandCurrency, choices, preselected) => {
    expect(registrationCurrencyChoices(brandCurrency)).toEqual({ choices, preselected });
  });
});
