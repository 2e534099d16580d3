import { describe, expect, it } from 'vitest';
import { distanceText } from './distance-text.ts';

describe('distanceText', () => {
  it.each([
    [1609.344, 'en', '1 mi'],
    [3862, 'en', '2.4 mi'],
    [3900, 'fr', '3,9 km'],
    [25_400, 'it', '25 km'],
    // A charger a walk away reads in yards or metres, never '0 mi'.
    [25, 'en', '30 yd'],
    [150, 'en-GB', '160 yd'],
    [161, 'en', '0.1 mi'],
    [248, 'es', '250 m'],
    [999, 'fr', '1 000 m'],
    [1000, 'fr', '1 km'],
  ])('%d m in %s reads %s', (metres, locale, expected) => {
    expect(distanceText(metres, locale).replace(/\u00a0|\u202f/g, ' ')).toBe(expected);
  });
});
