import { describe, expect, it } from 'vitest';
import type { DistanceUnit } from '@evc/domain';
import { distanceText } from './distance-text.ts';

describe("distanceText: the brand's unit, the driver's language", () => {
  it.each<[number, DistanceUnit, string, string]>([
    [3862, 'mi', 'en', '2.4 mi'],
    [3862, 'mi', 'fr', '2,4 mi'],
    // An Irish brand read in English lists chargers in km, as its dashboard does.
    [3900, 'km', 'en-IE', '3.9 km'],
    [3900, 'km', 'fr', '3,9 km'],
    [25_400, 'km', 'it', '25 km'],
    [150, 'mi', 'en-GB', '160 yd'],
    [248, 'km', 'es', '250 m'],
    [998, 'km', 'fr', '1 km'],
  ])('%d m in %s, %s reads %s', (metres, unit, locale, expected) => {
    expect(distanceText(metres, unit, locale).replace(/\u00a0|\u202f/g, ' ')).toBe(expected);
  });
});
