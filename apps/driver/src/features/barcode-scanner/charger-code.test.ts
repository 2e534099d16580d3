import { describe, expect, it } from 'vitest';
import { chargerBarcodeFromCode } from './charger-code.ts';

describe('chargerBarcodeFromCode (spec 000 §2: the last path segment, or a plain code)', () => {
  it.each<[string, string | null]>([
    ['1234', '1234'],
    [' 1234\n', '1234'],
    ['https://evcharge.app/1234', '1234'],
    ['https://evcharge.app/c/5678?src=qr', '5678'],
    ['https://evcharge.app/home/charging/charger/4321/', '4321'],
    ['https://evcharge.app/c/12345', null],
    ['https://evcharge.app/c/preset', null],
    ['https://evcharge.app/reset/1234', null],
    ['https://evcharge.app/', null],
    ['', null],
  ])('%j → %s', (text, barcode) => {
    expect(chargerBarcodeFromCode(text)).toBe(barcode);
  });
});
