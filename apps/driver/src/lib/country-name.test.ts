import { describe, expect, it } from 'vitest';
import { countryName } from './country-name.ts';

describe('countryName (every text in the driver’s language)', () => {
  it.each([
    ['AE', 'en-GB', 'United Arab Emirates'],
    ['AE', 'fr-FR', 'Émirats arabes unis'],
    ['GB', 'cy-GB', 'Y Deyrnas Unedig'],
    ['IE', 'es-ES', 'Irlanda'],
    ['DE', 'it-IT', 'Germania'],
    ['XX', 'fr-FR', 'Server name'],
    ['not-a-code', 'fr-FR', 'Server name'],
  ])('%s in %s reads %s', (code, locale, name) => {
    expect(countryName(code, locale, 'Server name')).toBe(name);
  });
});
