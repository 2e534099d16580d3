import { describe, expect, it } from 'vitest';
import { displayedPowerW, holdUsedPercent, shownPowerKw } from './live-figures.ts';

describe("displayedPowerW (issue 19: 'never above the connector's rating')", () => {
  it.each<[string, number | null, number | null, number | null]>([
    ["charger 1003's 7 kW connector showed 22 kW: shown at 7 kW", 22_000, 7, 7_000],
    ['a sample under the rating is shown as it is', 6_480, 7, 6_480],
    ['a sample at the rating', 50_000, 50, 50_000],
    ['no sample yet', null, 22, null],
    ['an unknown rating leaves the sample', 22_000, null, 22_000],
    ['a rating of 0 counts as unknown', 3_000, 0, 3_000],
    ['a negative sample reads 0', -15, 7, 0],
  ])('%s', (_, sample, rated, expected) => {
    expect(displayedPowerW(sample, rated)).toBe(expected);
  });
});

describe("holdUsedPercent (issue 19: 'how much of the hold is used')", () => {
  it.each<[string, number, number, number | null]>([
    ['£7.50 of a £30.00 hold', 750, 3000, 25],
    ['rounded down: 100 % only when all of it is used', 2999, 3000, 99],
    ['all of it', 3000, 3000, 100],
    ['never above 100 %', 3500, 3000, 100],
    ['nothing yet', 0, 3000, 0],
    ['no hold (credit, fuel card, free charger)', 750, 0, null],
  ])('%s', (_, cost, held, expected) => {
    expect(holdUsedPercent(cost, held)).toBe(expected);
  });
});

describe('shownPowerKw (issue 19: one way to read a power, everywhere)', () => {
  it.each<[string, number, number]>([
    ['a 7.4 kW wallbox keeps its decimal', 7_400, 7.4],
    ['7,236 W reads 7.2 kW', 7_236, 7.2],
    ['11 kW reads whole, never 11.0', 11_000, 11],
    ['22.3 kW reads 22 kW', 22_300, 22],
    ['150 kW reads 150 kW', 150_000, 150],
    ['10.5 kW reads 11 kW', 10_500, 11],
    ['9.96 kW rounds to 10: whole', 9_960, 10],
    ['9.94 kW reads 9.9 kW', 9_940, 9.9],
    ['a trickle of 40 W reads 0 kW', 40, 0],
    ['nothing drawn reads 0 kW', 0, 0],
    ['a negative sample reads 0 kW', -300, 0],
  ])('%s', (_, watts, kw) => {
    expect(shownPowerKw(watts)).toBe(kw);
  });
});
