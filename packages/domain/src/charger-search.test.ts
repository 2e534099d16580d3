import { describe, expect, it } from 'vitest';
import {
  chargerNameIndex,
  chargerQueryFallback,
  chargersWithPostcode,
  orderByDistance,
  postcodeResults,
  searchChargers,
  type ChargerSearchResult,
} from './charger-search.ts';

const index = chargerNameIndex(['Leeds Dock', 'Whitby Harbour', 'York Station', 'LEEDS Arena']);

describe('searchChargers (spec 000 §5)', () => {
  it.each<[string, string, ChargerSearchResult]>([
    ['empty query returns everything', '', { kind: 'all' }],
    ['a blank query is empty', '   ', { kind: 'all' }],
    ['otherwise a name substring match', 'harb', { kind: 'names', matches: [1] }],
    ['the match ignores case', 'leeds', { kind: 'names', matches: [0, 3] }],
    ['a match inside a name counts', 'station', { kind: 'names', matches: [2] }],
    [
      'if nothing matches, a trailing 4-digit number is treated as a charger barcode',
      'charger 7301',
      { kind: 'barcode', barcode: '7301' },
    ],
    ['a bare 4-digit number is a barcode', '1001', { kind: 'barcode', barcode: '1001' }],
    [
      'if nothing matches, a UK postcode pattern triggers a geocoding lookup with the UK appended',
      'ls10 1pz',
      { kind: 'postcode', postcode: 'LS10 1PZ', geocoderQuery: 'LS10 1PZ, UK' },
    ],
    [
      'a postcode written without its space is still a postcode',
      'SW1A1AA',
      { kind: 'postcode', postcode: 'SW1A 1AA', geocoderQuery: 'SW1A 1AA, UK' },
    ],
    [
      'if nothing matches, a place name triggers a geocoding lookup with the UK appended',
      'Harrogate',
      { kind: 'place', geocoderQuery: 'Harrogate, UK' },
    ],
    ['a name match wins over a place lookup', 'York', { kind: 'names', matches: [2] }],
    ['digits that are no barcode ask for nothing', '123', { kind: 'nothing' }],
    ['five digits are no barcode', '12345', { kind: 'nothing' }],
  ])('%s: %j', (_rule, query, expected) => {
    expect(searchChargers(index, query)).toEqual(expected);
  });

  it('lists matches in the order it is given (nearest first)', () => {
    expect(searchChargers(index, 'leeds', [3, 2, 1, 0])).toEqual({
      kind: 'names',
      matches: [3, 0],
    });
  });
});

describe('chargerQueryFallback', () => {
  it.each([
    ['Milton Keynes 2', { kind: 'place', geocoderQuery: 'Milton Keynes 2, UK' }],
    ['  bath  spa ', { kind: 'place', geocoderQuery: 'bath spa, UK' }],
    ['M1 1AE', { kind: 'postcode', postcode: 'M1 1AE', geocoderQuery: 'M1 1AE, UK' }],
    ['!!', { kind: 'nothing' }],
  ])('%j → %j', (query, expected) => {
    expect(chargerQueryFallback(query)).toEqual(expected);
  });
});

describe('orderByDistance (spec 000 §9)', () => {
  it('puts the nearest first and chargers without coordinates last', () => {
    const leeds = { lat: 53.7997, lon: -1.5492 };
    const { order, metres } = orderByDistance(
      [54.4858, Number.NaN, 53.9583, 53.7955],
      [-0.6153, 0, -1.0803, -1.5475],
      leeds,
    );
    expect([...order]).toEqual([3, 2, 0, 1]);
    expect(metres[3]).toBeGreaterThan(400);
    expect(metres[3]).toBeLessThan(600);
    expect(metres[1]).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('a postcode on a charger’s own card (issue 19)', () => {
  const postCodes = ['LS10 1PZ', 'YO21 3PU', 'ls101pz', '', 'LS10 1PA'];
  it.each<[string, string, number[]]>([
    ['matches that charger, whatever the spaces and case', 'LS10 1PZ', [0, 2]],
    ['matches nothing when no card prints it', 'M1 1AE', []],
    ['never matches a charger without a postcode', '', []],
    ['a near postcode is no match', 'LS10 1PB', []],
  ])('%s: %s', (_rule, postcode, expected) => {
    expect(chargersWithPostcode(postCodes, postcode, [0, 1, 2, 3, 4])).toEqual(expected);
  });

  it('keeps the order it is given (nearest the place first)', () => {
    expect(chargersWithPostcode(postCodes, 'LS10 1PZ', [4, 2, 1, 0])).toEqual([2, 0]);
  });

  it.each<[string, number[], number[] | null, number[]]>([
    [
      'the chargers bearing it first, then the others nearest the geocoded place',
      [2, 0],
      [1, 0, 4, 2, 3],
      [2, 0, 1, 4, 3],
    ],
    ['with the geocoder down, the chargers bearing it alone', [2, 0], null, [2, 0]],
    ['with the geocoder down and no card bearing it, nothing', [], null, []],
    ['with no card bearing it, the geocoded place’s order', [], [1, 0], [1, 0]],
  ])('%s', (_rule, exact, placeOrder, expected) => {
    expect(postcodeResults(exact, placeOrder)).toEqual(expected);
  });
});
