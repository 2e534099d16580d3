import { describe, expect, it } from 'vitest';
import { DECIMAL_NUMBER_PATTERN, isDecimalNumber } from './decimal-number.ts';

describe('isDecimalNumber (spec 000 §5, 001 §5)', () => {
  it.each([
    ['0', 'zero'],
    ['-0', 'negative zero'],
    ['12', 'a number without leading zero'],
    ['-12', 'a negative integer'],
    ['-12.5', 'a negative number with decimals'],
    ['0.25', 'zero then decimals'],
    ['-0.25', 'negative zero then decimals'],
    ['0.00', 'zero with zero decimals'],
    ['1234567890.0123456789', 'many digits'],
  ])('%j is valid (%s)', (text) => {
    expect(isDecimalNumber(text)).toBe(true);
  });

  it.each([
    ['01', 'leading zero'],
    ['-01', 'negative with leading zero'],
    ['00', 'double zero'],
    ['00.5', 'leading zero before decimals'],
    ['', 'empty'],
    ['-', 'minus only'],
    ['1.', 'dot without decimals'],
    ['.5', 'decimals without an integer part'],
    ['-.5', 'negative decimals without an integer part'],
    ['abc', 'letters'],
    ['+1', 'plus sign'],
    ['1,5', 'comma separator'],
    ['1.2.3', 'two dots'],
    [' 1', 'leading space'],
    ['1 ', 'trailing space'],
    ['1e3', 'exponent'],
    ['--1', 'double minus'],
  ])('%j is invalid (%s)', (text) => {
    expect(isDecimalNumber(text)).toBe(false);
  });

  it('exports the pattern for form validation', () => {
    expect(DECIMAL_NUMBER_PATTERN.test('-12.5')).toBe(true);
    expect(DECIMAL_NUMBER_PATTERN.test('01')).toBe(false);
  });
});
