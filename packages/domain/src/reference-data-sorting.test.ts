import { describe, expect, it } from 'vitest';
import {
  sortCars,
  sortCountries,
  sortCurrencies,
  sortLanguages,
} from './reference-data-sorting.ts';

const country = (code: string, name: string) => ({ code, name });

describe('sortCountries (spec 000 §9: GB first, then IE, then by name)', () => {
  it.each([
    [
      'GB and IE lead, the rest by name',
      [
        country('FR', 'France'),
        country('IE', 'Ireland'),
        country('AT', 'Austria'),
        country('GB', 'United Kingdom'),
        country('DE', 'Germany'),
      ],
      ['GB', 'IE', 'AT', 'FR', 'DE'],
    ],
    [
      'GB before IE even though Ireland sorts first by name',
      [country('IE', 'Ireland'), country('GB', 'United Kingdom')],
      ['GB', 'IE'],
    ],
    [
      'without GB, IE still leads',
      [country('ES', 'Spain'), country('IE', 'Ireland'), country('BE', 'Belgium')],
      ['IE', 'BE', 'ES'],
    ],
    [
      'accented names sort with their letter',
      [country('ZA', 'South Africa'), country('AX', 'Åland Islands'), country('BR', 'Brazil')],
      ['AX', 'BR', 'ZA'],
    ],
    [
      'lower-case codes are pinned too',
      [country('fr', 'France'), country('gb', 'UK')],
      ['gb', 'fr'],
    ],
    ['an empty list stays empty', [], []],
  ])('%s', (_label, input, codes) => {
    expect(sortCountries(input).map((c) => c.code)).toEqual(codes);
  });

  it('does not change its input', () => {
    const input = [country('FR', 'France'), country('GB', 'United Kingdom')];
    const copy = structuredClone(input);
    sortCountries(input);
    expect(input).toEqual(copy);
  });
});

describe('sortCars (spec 000 §9: by make)', () => {
  it.each([
    [
      'by make, then model',
      [
        { make: 'Tesla', model: 'Model Y' },
        { make: 'Audi', model: 'Q4 e-tron' },
        { make: 'Tesla', model: 'Model 3' },
        { make: 'BMW', model: 'i3' },
      ],
      ['Audi Q4 e-tron', 'BMW i3', 'Tesla Model 3', 'Tesla Model Y'],
    ],
    [
      'case does not split a make',
      [
        { make: 'nissan', model: 'Leaf' },
        { make: 'Kia', model: 'Niro' },
        { make: 'Nissan', model: 'Ariya' },
      ],
      ['Kia Niro', 'Nissan Ariya', 'nissan Leaf'],
    ],
  ])('%s', (_label, input, expected) => {
    const sorted = sortCars(input);
    expect(sorted.map((c) => `${c.make} ${c.model}`)).toEqual(expected);
    expect(sorted).not.toBe(input);
  });
});

describe('sortCurrencies (spec 000 §9: by name)', () => {
  it('orders by name', () => {
    const input = [{ name: 'US Dollar' }, { name: 'Euro' }, { name: 'British Pound Sterling' }];
    expect(sortCurrencies(input).map((c) => c.name)).toEqual([
      'British Pound Sterling',
      'Euro',
      'US Dollar',
    ]);
    expect(input[0]?.name).toBe('US Dollar');
  });
});

describe('sortLanguages (spec 000 §9: by language name)', () => {
  it('orders by language name, not by code', () => {
    const input = [
      { code: 'en', language: 'English' },
      { code: 'cy', language: 'Cymraeg' },
      { code: 'it', language: 'Italiano' },
      { code: 'es', language: 'Español' },
      { code: 'fr', language: 'Français' },
    ];
    expect(sortLanguages(input).map((l) => l.code)).toEqual(['cy', 'en', 'es', 'fr', 'it']);
    expect(input[0]?.code).toBe('en');
  });
});
