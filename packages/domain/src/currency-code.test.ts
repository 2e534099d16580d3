import { describe, expect, it } from 'vitest';
import { ISO_4217_CURRENCY_CODES, isCurrencyCode } from './currency-code.ts';

describe('isCurrencyCode (ISO 4217 alphabetic codes in circulation)', () => {
  it.each<[string, boolean]>([
    ['GBP', true],
    ['EUR', true],
    ['USD', true],
    ['JPY', true],
    ['CHF', true],
    ['SLE', true],
    ['ZWG', true],
    ['gbp', false],
    ['Gbp', false],
    [' GBP', false],
    ['GB', false],
    ['GBPX', false],
    ['', false],
    ['ABC', false],
    ['XXX', false],
    ['XTS', false],
    ['XAU', false],
    ['HRK', false],
    ['SLL', false],
    ['\u202e🚗⚡', false],
    ['G\u0000P', false],
  ])('%j → %s', (code, expected) => {
    expect(isCurrencyCode(code)).toBe(expected);
  });

  it('lists each code once, three capital letters, in order', () => {
    expect(new Set(ISO_4217_CURRENCY_CODES).size).toBe(ISO_4217_CURRENCY_CODES.length);
    for (const code of ISO_4217_CURRENCY_CODES) expect(code).toMatch(/^[A-Z]{3}$/);
    expect([...ISO_4217_CURRENCY_CODES].sort()).toEqual([...ISO_4217_CURRENCY_CODES]);
  });
});
