import { describe, expect, it } from 'vitest';
import { isChargerBarcode } from './charger-barcode.ts';

describe('isChargerBarcode (spec 000 §3: a 4-digit id)', () => {
  it.each<[string, boolean]>([
    ['1001', true],
    ['0999', true],
    ['123', false],
    ['12345', false],
    ['12a4', false],
    [' 1001', false],
    ['', false],
  ])('%j → %s', (text, expected) => {
    expect(isChargerBarcode(text)).toBe(expected);
  });
});
