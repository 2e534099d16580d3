import { describe, expect, it } from 'vitest';
import { minorAmountText, ratePerKwhText } from './tariff-display.ts';

describe('ratePerKwhText (spec 000 §2: the tariff in pence per kWh)', () => {
  it.each<[number, string, string]>([
    [0.45, 'GBP', '45p/kWh'],
    [0.4, 'gbp', '40p/kWh'],
    [0.455, 'GBP', '45.5p/kWh'],
    [0.12345, 'GBP', '12.35p/kWh'],
    [0, 'GBP', '0p/kWh'],
    [0.45, 'EUR', '€0.45/kWh'],
    [0.4567, 'EUR', '€0.4567/kWh'],
    [1.2, 'AED', 'AED 1.20/kWh'],
  ])('%d %s → %s', (rate, currency, text) => {
    expect(ratePerKwhText(rate, currency).replace(/\u00a0/g, ' ')).toBe(text);
  });
});

describe('minorAmountText', () => {
  it.each<[number, string, string]>([
    [150, 'GBP', '£1.50'],
    [0, 'GBP', '£0.00'],
    [500, 'EUR', '€5.00'],
  ])('%d %s → %s', (minor, currency, text) => {
    expect(minorAmountText(minor, currency)).toBe(text);
  });
});
