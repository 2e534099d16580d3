import { describe, expect, it } from 'vitest';
import { countryHasPostcodes } from './postcodes.ts';

describe('post codes per country (issue 19: no post code required where the country has none)', () => {
  it.each([
    ['GB', true],
    ['IE', true],
    ['FR', true],
    ['ES', true],
    ['AE', false],
    ['ae', false],
    ['QA', false],
    ['HK', false],
    ['', true],
  ])('%s has post codes: %s', (country, expected) => {
    expect(countryHasPostcodes(country)).toBe(expected);
  });
});
