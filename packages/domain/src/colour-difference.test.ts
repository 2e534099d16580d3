import { describe, expect, it } from 'vitest';
import { areDistinctColours, colourDifference } from './colour-difference.ts';

describe('colour difference (issue 19: a danger colour distinct from the brand colour)', () => {
  it.each([
    ['the same colour', '#c62828', '#c62828', 0],
    ['black and white, the whole lightness scale', '#000000', '#ffffff', 100],
    ['upper and lower case alike', '#C62828', '#c62828', 0],
  ])('%s: %s and %s are %d apart', (_, first, second, expected) => {
    expect(colourDifference(first, second)).toBeCloseTo(expected, 0);
  });

  it.each([
    ["Gwefru's red and Ionic's danger red: two near-identical reds", '#c62828', '#c5000f', false],
    ['a red and a slightly darker red', '#c62828', '#b71c1c', false],
    ['a red brand and a deep maroon danger', '#c62828', '#6d1b1b', true],
    ['a green brand and a red danger', '#00875a', '#c5000f', true],
    ['a pink brand and a red danger', '#ad1457', '#c5000f', true],
  ])('%s: distinct %s', (_, first, second, distinct) => {
    expect(areDistinctColours(first, second)).toBe(distinct);
  });

  it('refuses what is not a #rrggbb colour', () => {
    expect(() => colourDifference('red', '#000000')).toThrow(/#rrggbb/);
  });
});
