import { describe, expect, it } from 'vitest';
import {
  distanceIn,
  distanceReading,
  distanceUnitOf,
  perDistanceIn,
  perKwhIn,
  type DistanceReading,
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

describe("distanceReading: how far a charger is, in the unit of the brand's country", () => {
  it.each<[string, number, DistanceUnit, DistanceReading]>([
    ['a mile reads 1 mi', 1609.344, 'mi', { value: 1, unit: 'mile' }],
    ['3862 m reads 2.4 mi', 3862, 'mi', { value: 2.4, unit: 'mile' }],
    ['3900 m reads 3.9 km', 3900, 'km', { value: 3.9, unit: 'kilometer' }],
    ['25.4 km reads a whole 25 km', 25_400, 'km', { value: 25, unit: 'kilometer' }],
    ['25.4 km in miles reads a whole 16 mi', 25_400, 'mi', { value: 16, unit: 'mile' }],
    ['9.96 km reads 10 km, not 10.0', 9_960, 'km', { value: 10, unit: 'kilometer' }],
    // A charger a walk away reads in yards or metres, to the nearest 10, never '0 mi'.
    ['25 m reads 30 yd', 25, 'mi', { value: 30, unit: 'yard' }],
    ['150 m reads 160 yd', 150, 'mi', { value: 160, unit: 'yard' }],
    ['161 m is a tenth of a mile', 161, 'mi', { value: 0.1, unit: 'mile' }],
    ['160.8 m (175.9 yd) rounds to 180 yd: 0.1 mi', 160.8, 'mi', { value: 0.1, unit: 'mile' }],
    ['248 m reads 250 m', 248, 'km', { value: 250, unit: 'meter' }],
    ['994 m reads 990 m', 994, 'km', { value: 990, unit: 'meter' }],
    ['998 m rounds to 1000 m, so reads 1 km', 998, 'km', { value: 1, unit: 'kilometer' }],
    ['0 m reads 0 m', 0, 'km', { value: 0, unit: 'meter' }],
  ])('%s', (_, metres, unit, reading) => {
    expect(distanceReading(metres, unit)).toEqual(reading);
  });
});
