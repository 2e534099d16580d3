import { useCallback } from 'react';
import i18n, { type Resource } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next, useTranslation } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  SUPPORTED_LANGUAGES,
  isSupportedLanguage,
  languageChangeEffects,
  pickInitialLanguage,
  type LanguageCode,
} from '@evc/domain';
import { setUserLanguage } from './api/calls/set-user-language.ts';
import { isMasquerading, useMasquerade } from './masquerade/masquerade-state.ts';
import { setUser, useSession } from './session/session-store.ts';

export const TRANSLATIONS_PATH = '/assets/i18n/{{lng}}.json';

/** spec 000 §4: in masquerade the language is not taken from local storage (nor kept there). */
function storedLanguage(): string | null {
  if (isMasquerading()) return null;
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
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

/** The translations not loaded yet, so the language lists offer every language (spec 001 §9). */
export function loadEveryLanguage(): Promise<void> {
  return i18n.loadLanguages([...SUPPORTED_LANGUAGES]);
}

export interface LanguageControl {
  language: LanguageCode;
  /** Codes whose translations are loaded (spec 001 §9). */
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
  // Read on every render: a language file arriving re-renders through bindI18n's 'loaded'.
  const available = SUPPORTED_LANGUAGES.filter((code) =>
    instance.hasResourceBundle(code, 'translation'),
  );

  const setLanguage = useCallback(
    async (code: LanguageCode) => {
      const effects = languageChangeEffects({
        newCode: code,
        storedCode: storedLanguage(),
        userLoaded: user !== null,
        isMasq,
        isGuest: guest !== null,
      });
      if (effects.storeLocally && !isMasq) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
      await instance.changeLanguage(code);
      if (effects.persistToAccount && user) {
        setUser(await setUserLanguage(user._id, code));
      }
    },
    [instance, user, guest, isMasq],
  );

  return { language, available, setLanguage };
}

export { i18n };
