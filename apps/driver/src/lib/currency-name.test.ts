import { describe, expect, it } from 'vitest';
import { currencyName } from './currency-name.ts';

describe('currencyName', () => {
  it.each([
    ['AED', 'en-AE', 'United Arab Emirates Dirham'],
    ['aed', 'fr-AE', 'Dirham des Émirats arabes unis'],
    ['NOK', 'cy-GB', 'Krone Norwy'],
    ['NOK', 'es-ES', 'Corona noruega'],
    ['NOK', 'it-IT', 'Corona norvegese'],
    ['XYZ', 'en-GB', 'XYZ'],
    ['not a code', 'en-GB', 'NOT A CODE'],
  ])('%s in %s reads %s', (code, locale, name) => {
    expect(currencyName(code, locale)).toBe(name);
  });
});
