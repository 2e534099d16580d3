import { describe, expect, it } from 'vitest';
import {
  distanceIn,
  distanceUnitOf,
  perDistanceIn,
  perKwhIn,
  type DistanceUnit,
} from './distance-units.ts';

describe("units follow the brand's country (issue 19: miles in the UK)", () => {
  it.each<[string, DistanceUnit]>([
    ['GB', 'mi'],
    ['gb', 'mi'],
    ['US', 'mi'],
    ['IE', 'km'],
    ['FR', 'km'],
    ['AE', 'km'],
  ])('%s uses %s', (country, unit) => {
    expect(distanceUnitOf(country)).toBe(unit);
  });

  it.each<[string, number, DistanceUnit, number]>([
    ['202.8 km is 126.0 miles', 202.8, 'mi', 126.01],
    ['a mile is 1.609344 km exactly', 1.609344, 'mi', 1],
    ['km stay km', 202.8, 'km', 202.8],
  ])('%s', (_, km, unit, expected) => {
    expect(distanceIn(km, unit)).toBeCloseTo(expected, 2);
  });

  it.each<[string, number, DistanceUnit, number]>([
    ['3.55p per km is 5.71p per mile', 3.55, 'mi', 5.71],
    ['164 g per km is 263.9 g per mile', 164, 'mi', 263.93],
    ['per km stays per km', 3.55, 'km', 3.55],
  ])('%s', (_, perKm, unit, expected) => {
    expect(perDistanceIn(perKm, unit)).toBeCloseTo(expected, 2);
  });

  it.each<[string, number, DistanceUnit, number]>([
    ['4.2 miles per kWh in miles', 4.2, 'mi', 4.2],
    ['4.2 miles per kWh is 6.76 km per kWh', 4.2, 'km', 6.76],
  ])('%s', (_, milesPerKwh, unit, expected) => {
    expect(perKwhIn(milesPerKwh, unit)).toBeCloseTo(expected, 2);
  });
});
