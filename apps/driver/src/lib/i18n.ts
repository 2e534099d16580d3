import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import i18n, { type Resource } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next, useTranslation } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  SUPPORTED_LANGUAGES,
  isSupportedLanguage,
  languageChangeEffects,
  offeredLanguages,
  pickInitialLanguage,
  readStoredLanguage,
  storedLanguageValue,
  type LanguageCode,
  type StoredLanguage,
} from '@evc/domain';
import type { Language } from '@evc/contract';
import { getAllLanguages } from './api/calls/get-all-languages.ts';
import { setUserLanguage } from './api/calls/set-user-language.ts';
import { currentBrand } from './brand.ts';
import { isMasquerading, useMasquerade } from './masquerade/masquerade-state.ts';
import { setUser, useSession } from './session/session-store.ts';

export const TRANSLATIONS_PATH = '/assets/i18n/{{lng}}.json';

/**
 * spec 000 §3: the stored language's code (kept as an object with its code). A bare code an older
 * app stored is written again as an object. spec 000 §4: in masquerade the language is not taken
 * from local storage (nor kept there).
 */
export function storedLanguage(): string | null {
  if (isMasquerading()) return null;
  try {
    const reading = readStoredLanguage(window.localStorage.getItem(LANGUAGE_STORAGE_KEY));
    if (reading?.needsRewrite) {
      window.localStorage.setItem(
        LANGUAGE_STORAGE_KEY,
        storedLanguageValue({ code: reading.code }),
      );
    }
    return reading?.code ?? null;
  } catch {
    return null;
  }
}

/** A language offered for choosing: its code and its name (and the server's id and flag class). */
export type OfferedLanguage = Partial<Language> & { code: LanguageCode; language: string };

/** The server's language list (GET /getAllLanguages), fetched once; null until it answers. */
let serverLanguages: Language[] | null = null;
let serverLanguagesState: 'not-asked' | 'asking' | 'failed' | 'answered' = 'not-asked';
const serverLanguageListeners = new Set<() => void>();

/**
 * Fetches the server's language list for the language lists (once the first screen is up, with
 * the other translations). Asked again when a list shows after a failure (no connection, say).
 */
export async function loadLanguageList(): Promise<void> {
  if (serverLanguagesState === 'asking' || serverLanguagesState === 'answered') return;
  serverLanguagesState = 'asking';
  try {
    serverLanguages = await getAllLanguages();
    serverLanguagesState = 'answered';
    for (const listener of serverLanguageListeners) listener();
  } catch {
    serverLanguagesState = 'failed';
  }
}

function subscribeServerLanguages(listener: () => void): () => void {
  serverLanguageListeners.add(listener);
  return () => serverLanguageListeners.delete(listener);
}

const getServerLanguages = (): Language[] | null => serverLanguages;

/** Tests: forget the server's list. */
export function forgetLanguageListForTests(): void {
  serverLanguages = null;
  serverLanguagesState = 'not-asked';
}

function applyDocumentLanguage(code: string): void {
  document.documentElement.lang = code;
}

/**
 * Sets up i18next: translation files fetched over HTTP, the stored language or the browser's
 * (spec 001 §4, §9). Only that language's file (and English, the fallback) comes before the first
 * screen; `loadEveryLanguage` fetches the others once it is up.
 * Tests pass `resources` instead of fetching.
 */
export async function initI18n(
  options: { resources?: Resource; language?: LanguageCode } = {},
): Promise<typeof i18n> {
  const language =
    options.language ??
    pickInitialLanguage({
      stored: storedLanguage(),
      browserLanguages: navigator.languages ?? [navigator.language],
      isMasq: isMasquerading(),
      brandDefault: currentBrand().brand.defaultLanguage,
    });
  if (!options.resources) i18n.use(HttpBackend);
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    resources: options.resources,
    backend: options.resources ? undefined : { loadPath: TRANSLATIONS_PATH },
    interpolation: { escapeValue: false },
    react: { useSuspense: false, bindI18n: 'languageChanged loaded' },
    returnNull: false,
  });
  applyDocumentLanguage(language);
  i18n.on('languageChanged', applyDocumentLanguage);
  return i18n;
}

/**
 * The translations not loaded yet and the server's list, so the language lists offer every
 * language (spec 001 §9).
 */
export async function loadEveryLanguage(): Promise<void> {
  await Promise.all([i18n.loadLanguages([...SUPPORTED_LANGUAGES]), loadLanguageList()]);
}

export interface LanguageControl {
  language: LanguageCode;
  /** The offered languages (spec 001 §9, 000 §9): from the server, loaded ones only, by name. */
  languages: OfferedLanguage[];
  /** Their codes, in the same order. */
  available: LanguageCode[];
  setLanguage: (code: LanguageCode) => Promise<void>;
}

/** The current language and the spec 001 §4 rule for changing it. */
export function useLanguage(): LanguageControl {
  const { i18n: instance } = useTranslation();
  const { user, guest } = useSession();
  const { on: isMasq } = useMasquerade();
  const current = instance.resolvedLanguage ?? instance.language;
  const language: LanguageCode = isSupportedLanguage(current) ? current : DEFAULT_LANGUAGE;
  const server = useSyncExternalStore(
    subscribeServerLanguages,
    getServerLanguages,
    getServerLanguages,
  );
  useEffect(() => {
    if (serverLanguagesState === 'failed') void loadLanguageList();
  }, []);
  // Read on every render: a language file arriving re-renders through bindI18n's 'loaded'.
  const loadedKey = SUPPORTED_LANGUAGES.filter((code) =>
    instance.hasResourceBundle(code, 'translation'),
  ).join(' ');
  const languages = useMemo((): OfferedLanguage[] => {
    const loaded = loadedKey.split(' ').filter(isSupportedLanguage);
    // Until the server's list comes (or without connection): the loaded ones by their own names.
    const fallback = loaded.map((code): OfferedLanguage => ({
      code,
      language: instance.t(`languages.${code}`, { lng: code }),
    }));
    const fromServer = server?.flatMap((entry) =>
      isSupportedLanguage(entry.code) ? [{ ...entry, code: entry.code }] : [],
    );
    return offeredLanguages(fromServer ?? fallback, loaded);
  }, [instance, loadedKey, server]);
  const available = languages.map((entry) => entry.code);

  const setLanguage = useCallback(
    async (code: LanguageCode) => {
      const effects = languageChangeEffects({
        newCode: code,
        storedCode: storedLanguage(),
        userLoaded: user !== null,
        isMasq,
        isGuest: guest !== null,
      });
      if (effects.storeLocally && !isMasq) {
        const chosen: StoredLanguage = languages.find((entry) => entry.code === code) ?? { code };
        window.localStorage.setItem(LANGUAGE_STORAGE_KEY, storedLanguageValue(chosen));
      }
      await instance.changeLanguage(code);
      if (effects.persistToAccount && user) {
        setUser(await setUserLanguage(user._id, code));
      }
    },
    [instance, user, guest, isMasq, languages],
  );

  return { language, languages, available, setLanguage };
}

export { i18n };
