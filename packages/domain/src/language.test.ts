import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  isSupportedLanguage,
  preferredLanguage,
  languageChangeEffects,
  offeredLanguages,
  pickInitialLanguage,
  readStoredLanguage,
  storedLanguageValue,
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
      "issue 19: the brand's default language before the browser's (Gwefru Cymru in Welsh)",
      { browserLanguages: ['en-GB'], brandDefault: 'cy' },
      'cy',
    ],
    [
      "issue 19: the driver's own choice before the brand's",
      { stored: 'en', browserLanguages: ['en-GB'], brandDefault: 'cy' },
      'en',
    ],
    [
      "issue 19: the brand's language in masquerade too, where the stored one is not used",
      { stored: 'fr', browserLanguages: ['es-ES'], brandDefault: 'cy', isMasq: true },
      'cy',
    ],
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

describe('the stored language (spec 000 §3: an object with its code)', () => {
  it.each<[string, string | null, ReturnType<typeof readStoredLanguage>]>([
    [
      'an object with its code',
      '{"code":"cy","language":"Cymraeg"}',
      { code: 'cy', needsRewrite: false },
    ],
    ['the bare code an older app stored', 'fr', { code: 'fr', needsRewrite: true }],
    ['a bare code stored as JSON text', '"es"', { code: 'es', needsRewrite: true }],
    ['nothing stored', null, null],
    ['an empty value', '  ', null],
    ['an object without a code', '{"language":"English"}', null],
    ['an object whose code is not text', '{"code":4}', null],
    ['a number', '12', null],
  ])('reads %s', (_label, raw, expected) => {
    expect(readStoredLanguage(raw)).toEqual(expected);
  });

  it('writes the language as an object that reads back with its code', () => {
    const value = storedLanguageValue({
      _id: 'l3',
      code: 'cy',
      language: 'Cymraeg',
      class: 'flag-gb-wls',
    });
    expect(JSON.parse(value)).toEqual({
      _id: 'l3',
      code: 'cy',
      language: 'Cymraeg',
      class: 'flag-gb-wls',
    });
    expect(readStoredLanguage(value)).toEqual({ code: 'cy', needsRewrite: false });
  });
});

describe('offeredLanguages (spec 001 §9: kept to loaded translations; spec 000 §9: by name)', () => {
  const server = [
    { code: 'en', language: 'English' },
    { code: 'fr', language: 'Français' },
    { code: 'cy', language: 'Cymraeg' },
    { code: 'es', language: 'Español' },
    { code: 'it', language: 'Italiano' },
    { code: 'de', language: 'Deutsch' },
  ];

  it.each<[string, string[], string[]]>([
    [
      'every loaded language, by name',
      ['en', 'fr', 'cy', 'es', 'it'],
      ['cy', 'en', 'es', 'fr', 'it'],
    ],
    ['only English and Welsh loaded', ['en', 'cy'], ['cy', 'en']],
    ['nothing loaded yet: nothing offered', [], []],
    ['a translation the server does not list is left out', ['en', 'pt'], ['en']],
  ])('%s', (_label, loaded, expected) => {
    expect(offeredLanguages(server, loaded).map((entry) => entry.code)).toEqual(expected);
  });

  it('leaves the server list as it was', () => {
    const copy = [...server];
    offeredLanguages(server, ['en']);
    expect(server).toEqual(copy);
  });
});
