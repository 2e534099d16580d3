import { describe, expect, it } from 'vitest';
import { estimatedRangeMiles } from './estimated-range.ts';

describe('estimatedRangeMiles (spec 000 §2: car and miles per kWh with estimated range)', () => {
  it.each([
    // miles per kWh, kWh of the latest charge, range in miles
    { milesPerKwh: 4.2, kWh: 10, range: 42 },
    { milesPerKwh: 3.9, kWh: 40, range: 156 },
    { milesPerKwh: 3.6, kWh: 12.5, range: 45 },
    { milesPerKwh: 3.7, kWh: 0.27, range: 0 },
    { milesPerKwh: 4.1, kWh: 7.3, range: 29 },
    { milesPerKwh: 3.3, kWh: 77.4, range: 255 },
  ])(
    '$milesPerKwh mi/kWh × $kWh kWh is $range miles, rounded down',
    ({ milesPerKwh, kWh, range }) => {
      expect(estimatedRangeMiles(milesPerKwh, kWh)).toBe(range);
    },
  );

  it.each([
    { why: 'no car chosen', milesPerKwh: null, kWh: 10 },
    { why: 'no charge yet', milesPerKwh: 4.2, kWh: null },
    { why: 'a charge with no energy', milesPerKwh: 4.2, kWh: 0 },
    { why: 'a meter that went back', milesPerKwh: 4.2, kWh: -1 },
    { why: 'a car without a figure', milesPerKwh: 0, kWh: 10 },
    { why: 'nonsense figures', milesPerKwh: Number.NaN, kWh: 10 },
  ])('has no range with $why', ({ milesPerKwh, kWh }) => {
    expect(estimatedRangeMiles(milesPerKwh, kWh)).toBeNull();
  });
});
