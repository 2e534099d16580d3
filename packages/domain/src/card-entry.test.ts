import { describe, expect, it } from 'vitest';
import { cardExpiryAsTyped, cardNumberAsTyped } from './card-entry.ts';

describe('cardNumberAsTyped (issue 19: "groups of 4 digits")', () => {
  it.each<[string, string]>([
    ['', ''],
    ['4', '4'],
    ['4242', '4242'],
    ['42424', '4242 4'],
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242 4242 4242 4242', '4242 4242 4242 4242'],
    ['4242-4242-4242-4242', '4242 4242 4242 4242'],
    ['4242 424', '4242 424'],
    ['4242a', '4242'],
    ['4242424242424242123', '4242 4242 4242 4242 123'],
    ['42424242424242421234', '4242 4242 4242 4242 123'],
  ])('%j → %j', (typed, shown) => {
    expect(cardNumberAsTyped(typed)).toBe(shown);
  });
});

describe('cardExpiryAsTyped (issue 19: "MM / YY")', () => {
  it.each<[string, string]>([
    ['', ''],
    ['1', '1'],
    ['12', '12'],
    ['123', '12 / 3'],
    ['1230', '12 / 30'],
    ['12/30', '12 / 30'],
    ['12 / 30', '12 / 30'],
    ['4', '04'],
    ['430', '04 / 30'],
    ['122030', '12 / 2030'],
    ['12203099', '12 / 2030'],
    ['12 / ', '12'],
  ])('%j → %j', (typed, shown) => {
    expect(cardExpiryAsTyped(typed)).toBe(shown);
  });
});
