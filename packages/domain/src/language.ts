import { sortLanguages } from './reference-data-sorting.ts';

/** spec 000 §1: English (default), French, Welsh, Spanish, Italian. */
export const SUPPORTED_LANGUAGES = ['en', 'fr', 'cy', 'es', 'it'] as const;
export type LanguageCode = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';
/** spec 001 §4: the local-storage key the chosen language is kept under. */
export const LANGUAGE_STORAGE_KEY = 'language';

export function isSupportedLanguage(code: string): code is LanguageCode {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(code);
}

export interface LanguageChange {
  newCode: string;
  storedCode?: string | null;
  userLoaded: boolean;
  isMasq: boolean;
  isGuest: boolean;
}

export interface LanguageChangeEffects {
  storeLocally: true;
  persistToAccount: boolean;
}

/**
 * spec 001 §4: a language change is always stored locally; it is persisted to the account only
 * when a user is loaded, the language differs from the stored one, and the user is neither
 * masquerading nor a guest.
 */
export function languageChangeEffects({
  newCode,
  storedCode,
  userLoaded,
  isMasq,
  isGuest,
}: LanguageChange): LanguageChangeEffects {
  return {
    storeLocally: true,
    persistToAccount: userLoaded && newCode !== storedCode && !isMasq && !isGuest,
  };
}

export interface InitialLanguageInput {
  stored?: string | null;
  /** The browser's preferred languages, most preferred first (navigator.languages). */
  browserLanguages: readonly string[];
  /** Codes whose translations are loaded (spec 001 §9: the list is filtered to those). */
  available?: readonly LanguageCode[];
  /** spec 000 §4: in masquerade the language is not taken from local storage. */
  isMasq?: boolean;
  /** Issue 19: the brand's own language (Gwefru Cymru's Welsh), before the browser's. */
  brandDefault?: string;
}

function primarySubtag(tag: string): string {
  return tag.trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
}

/**
 * The stored language when available (and not masquerading), else the brand's own language
 * (issue 19), else the first browser language whose primary subtag is available ('fr-CA' → 'fr'),
 * else English.
 */
export function pickInitialLanguage({
  stored,
  browserLanguages,
  available = SUPPORTED_LANGUAGES,
  isMasq = false,
  brandDefault,
}: InitialLanguageInput): LanguageCode {
  const isAvailable = (code: string): code is LanguageCode =>
    (available as readonly string[]).includes(code);
  if (!isMasq && stored && isAvailable(stored)) return stored;
  if (brandDefault && isAvailable(brandDefault)) return brandDefault;
  for (const tag of browserLanguages) {
    const code = primarySubtag(tag);
    if (isAvailable(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The supported language a request's Accept-Language header prefers most ("fr-CH, fr;q=0.9,
 * en;q=0.8" is French), or `fallback` when it names none of ours: what a guest, who has no
 * account language, is written to in.
 */
export function preferredLanguage(
  acceptLanguage: string | undefined,
  fallback: LanguageCode = DEFAULT_LANGUAGE,
): LanguageCode {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      const weight = q === undefined ? 1 : Number(q);
      return { code: tag.trim().toLowerCase().split('-')[0] ?? '', weight, index };
    })
    .filter((entry) => entry.weight > 0 && Number.isFinite(entry.weight))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.code).find(isSupportedLanguage) ?? fallback;
}

/** spec 000 §3: local storage 'language' holds the language as an object with its code. */
export interface StoredLanguage {
  code: string;
  language?: string;
  _id?: string;
  class?: string;
}

export interface StoredLanguageReading {
  code: string;
  /** An older app kept the bare code ('cy'); such a value is to be written again as an object. */
  needsRewrite: boolean;
}

function codeOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'object' && value !== null && 'code' in value) {
    return typeof value.code === 'string' ? value.code.trim() || null : null;
  }
  return null;
}

/**
 * Reads the stored language: `{"code":"cy",…}` as written now, or the bare code ('cy', or '"cy"')
 * an older app wrote. Anything else reads as nothing stored.
 */
export function readStoredLanguage(raw: string | null | undefined): StoredLanguageReading | null {
  if (!raw?.trim()) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = raw;
  }
  const code = codeOf(parsed);
  if (code === null) return null;
  const isObject = typeof parsed === 'object' && parsed !== null;
  return { code, needsRewrite: !isObject };
}

/** The stored form of a language: the object itself, with its code. */
export function storedLanguageValue(language: StoredLanguage): string {
  return JSON.stringify(language);
}

/**
 * spec 001 §9, 000 §9: the languages offered are the server's list (GET /getAllLanguages) kept to
 * those whose translations the app has loaded, sorted by language name.
 */
export function offeredLanguages<T extends { code: string; language: string }>(
  all: readonly T[],
  loaded: readonly string[],
): T[] {
  return sortLanguages(all.filter((entry) => loaded.includes(entry.code.toLowerCase())));
}
