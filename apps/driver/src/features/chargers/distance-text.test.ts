import { describe, expect, it } from 'vitest';
import { distanceText } from './distance-text.ts';

describe('distanceText', () => {
  it.each([
    [1609.344, 'en', '1 mi'],
    [3862, 'en', '2.4 mi'],
    [3900, 'fr', '3,9 km'],
    [25_400, 'it', '25 km'],
  ])('%d m in %s reads %s', (metres, locale, expected) => {
    expect(distanceText(metres, locale).replace(/\u00a0|\u202f/g, ' ')).toBe(expected);
  });
});
