import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  isSupportedLanguage,
  preferredLanguage,
  languageChangeEffects,
  pickInitialLanguage,
  type InitialLanguageInput,
  type LanguageChange,
} from './language.ts';

describe('languageChangeEffects (spec 001 §4)', () => {
  const base: LanguageChange = {
    newCode: 'fr',
    storedCode: 'en',
    userLoaded: true,
    isMasq: false,
    isGuest: false,
  };

  it.each<[string, Partial<LanguageChange>, boolean]>([
    ['user loaded, language differs, not masq, not guest: persisted', {}, true],
    ['nothing stored yet counts as different', { storedCode: null }, true],
    ['no user loaded: not persisted', { userLoaded: false }, false],
    ['same as the stored language: not persisted', { newCode: 'en' }, false],
    ['masquerading: not persisted', { isMasq: true }, false],
    ['guest: not persisted', { isGuest: true }, false],
    ['masquerading guest: not persisted', { isMasq: true, isGuest: true }, false],
  ])('%s', (_label, change, persist) => {
    expect(languageChangeEffects({ ...base, ...change })).toEqual({
      storeLocally: true,
      persistToAccount: persist,
    });
  });
});

describe('pickInitialLanguage', () => {
  it.each<[string, InitialLanguageInput, string]>([
    ['stored language when available', { stored: 'cy', browserLanguages: ['fr-FR'] }, 'cy'],
    [
      'stored language ignored when not available',
      { stored: 'de', browserLanguages: ['es-ES'] },
      'es',
    ],
    [
      'stored language ignored when its translations are not loaded',
      { stored: 'it', browserLanguages: [], available: ['en', 'cy'] },
      'en',
    ],
    ['browser language by primary subtag', { browserLanguages: ['fr-CA', 'en-GB'] }, 'fr'],
    ['first available browser language wins', { browserLanguages: ['de-DE', 'it', 'fr'] }, 'it'],
    ['browser tags are case-insensitive', { browserLanguages: ['ES-mx'] }, 'es'],
    ['underscore tags are read', { browserLanguages: ['cy_GB'] }, 'cy'],
    ['nothing available falls back to English', { browserLanguages: ['de', 'ja'] }, 'en'],
    ['no browser languages falls back to English', { browserLanguages: [] }, 'en'],
    [
      'in masquerade the stored language is not used',
      { stored: 'cy', browserLanguages: ['it-IT'], isMasq: true },
      'it',
    ],
    [
      'in masquerade with nothing else: English',
      { stored: 'cy', browserLanguages: [], isMasq: true },
      'en',
    ],
  ])('%s', (_label, input, expected) => {
    expect(pickInitialLanguage(input)).toBe(expected);
  });
});

describe('supported languages', () => {
  it('are en, fr, cy, es, it with English the default', () => {
    expect(SUPPORTED_LANGUAGES).toEqual(['en', 'fr', 'cy', 'es', 'it']);
    expect(DEFAULT_LANGUAGE).toBe('en');
  });

  it.each([
    ['en', true],
    ['cy', true],
    ['it', true],
    ['de', false],
    ['EN', false],
    ['', false],
  ])('isSupportedLanguage(%j) is %s', (code, expected) => {
    expect(isSupportedLanguage(code)).toBe(expected);
  });
});

describe('preferredLanguage (a guest has no account language)', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['fr-CH, fr;q=0.9, en;q=0.8', 'fr'],
    ['de-DE, cy;q=0.5', 'cy'],
    ['en;q=0.2, es;q=0.9', 'es'],
    ['it-IT', 'it'],
    ['de, ja', 'en'],
    ['fr;q=0, it;q=0.1', 'it'],
    ['*', 'en'],
  ] as const)('%s: %s', (header, expected) => {
    expect(preferredLanguage(header)).toBe(expected);
  });

  it('falls back to the given language', () => {
    expect(preferredLanguage('de', 'fr')).toBe('fr');
  });
});
