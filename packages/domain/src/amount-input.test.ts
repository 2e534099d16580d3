import { describe, expect, it } from 'vitest';
import { majorAmountToMinor } from './amount-input.ts';

describe('majorAmountToMinor', () => {
  it.each([
    ['10', 2, 1000],
    ['12.5', 2, 1250],
    ['0.29', 2, 29],
    [' 25.00 ', 2, 2500],
    ['0', 2, 0],
    ['1000', 0, 1000],
    ['1.234', 3, 1234],
    ['12.345', 2, null],
    ['1.5', 0, null],
    ['-5', 2, null],
    ['05', 2, null],
    ['1.', 2, null],
    ['.5', 2, null],
    ['ten', 2, null],
    ['', 2, null],
    ['1e3', 2, null],
  ])('%j with %i digits → %s', (text, digits, expected) => {
    expect(majorAmountToMinor(text, digits)).toBe(expected);
  });

  it('defaults to 2 digits', () => {
    expect(majorAmountToMinor('7.5')).toBe(750);
  });
});
