import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '@evc/domain';
import {
  forgetLanguageListForTests,
  i18n,
  loadLanguageList,
  storedLanguage,
} from '../../lib/i18n.ts';
import { reloadUser, setUser } from '../../lib/session/session-store.ts';
import { clearTokens, setTokens } from '../../lib/session/token-store.ts';
import { testUser } from '../../test/fixtures.ts';
import { apiPath, json, stubServer } from '../../test/stub-server.ts';
import { LanguageSelector } from './language-selector.tsx';

const later = new Date(Date.now() + 3_600_000).toISOString();

function serverAnsweringLanguage() {
  return stubServer((request) => {
    const body = request.body as { lang?: string } | undefined;
    return json(200, {
      data: { ...testUser, language: { ...testUser.language, code: body?.lang ?? 'en' } },
    });
  });
}

/** The server's list: one language the app has no translation for, Italian missing. */
const serverLanguages = [
  { _id: 'l1', language: 'English', class: 'flag-gb', code: 'en' },
  { _id: 'l6', language: 'Deutsch', class: 'flag-de', code: 'de' },
  { _id: 'l3', language: 'Cymraeg', class: 'flag-gb-wls', code: 'cy' },
  { _id: 'l4', language: 'Español', class: 'flag-es', code: 'es' },
  { _id: 'l2', language: 'Français (France)', class: 'flag-fr', code: 'fr' },
];

/** The names the open list shows, in order. */
const shownNames = () =>
  [...document.querySelectorAll('ion-popover:not(.overlay-hidden) ion-label')].map(
    (label) => label.textContent,
  );

async function choose(name: string) {
  fireEvent.click(screen.getByLabelText('Choose a language'));
  // Ionic keeps a hidden copy of the popover around; pick the one that is showing.
  const option = await waitFor(() => {
    const shown = [...document.querySelectorAll('ion-popover:not(.overlay-hidden) ion-label')].find(
      (label) => label.textContent === name,
    );
    if (!shown) throw new Error(`${name} is not showing`);
    return shown;
  });
  await act(async () => {
    fireEvent.click(option);
    await Promise.resolve();
  });
}

/** What the device keeps under 'language': an object with its code (spec 000 §3). */
const stored = () =>
  JSON.parse(window.localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? 'null') as {
    code: string;
  } | null;

afterEach(async () => {
  forgetLanguageListForTests();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

describe('LanguageSelector', () => {
  it('lists the loaded languages by their own names, sorted by name', async () => {
    render(<LanguageSelector />);
    fireEvent.click(screen.getByLabelText('Choose a language'));
    await waitFor(() =>
      expect(shownNames()).toEqual(['Cymraeg', 'English', 'Español', 'Français', 'Italiano']),
    );
  });

  it("offers the server's list (GET /getAllLanguages) kept to the loaded translations, by name", async () => {
    const seen = stubServer((request) =>
      apiPath(request) === '/getAllLanguages'
        ? json(200, { data: serverLanguages })
        : json(404, { message: 'Not found', code: 'NOT_FOUND' }),
    );
    await loadLanguageList();
    expect(seen.map((request) => [request.method, apiPath(request)])).toEqual([
      ['GET', '/getAllLanguages'],
    ]);
    render(<LanguageSelector />);
    fireEvent.click(screen.getByLabelText('Choose a language'));
    // Deutsch has no translation in the app; Italian is not on the server's list.
    await waitFor(() =>
      expect(shownNames()).toEqual(['Cymraeg', 'English', 'Español', 'Français (France)']),
    );

    await choose('Español');
    await waitFor(() => expect(i18n.language).toBe('es'));
    // Kept on the device as the server's language object, with its code.
    expect(stored()).toEqual(serverLanguages[3]);
  });

  it('reads a language an older app stored as a bare code, and keeps it as an object from then on', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'cy');
    expect(storedLanguage()).toBe('cy');
    expect(stored()).toEqual({ code: 'cy' });
    expect(storedLanguage()).toBe('cy');
  });

  it('for a signed-in user: stores the choice, switches the texts and saves it on the account', async () => {
    await setTokens({
      auth: { token: 'a', expiry: later },
      refresh: { token: 'r', expiry: later },
    });
    act(() => setUser(testUser));
    const seen = serverAnsweringLanguage();
    render(<LanguageSelector />);

    await choose('Français');

    await waitFor(() => expect(i18n.language).toBe('fr'));
    expect(stored()).toEqual({ code: 'fr', language: 'Français' });
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]?.url).toMatch(/\/api\/setUserLanguage$/);
    expect(seen[0]?.body).toEqual({ userid: testUser._id, lang: 'fr' });
    expect(screen.getByLabelText('Choisir une langue')).toBeTruthy();
  });

  it.each([
    ['as an object with its code', JSON.stringify({ code: 'es', language: 'Español' })],
    ['as the bare code an older app kept', 'es'],
  ])('does not save again when the language equals the one stored %s', async (_how, stored) => {
    await setTokens({
      auth: { token: 'a', expiry: later },
      refresh: { token: 'r', expiry: later },
    });
    act(() => setUser(testUser));
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, stored);
    const seen = serverAnsweringLanguage();
    render(<LanguageSelector />);

    await choose('Español');

    await waitFor(() => expect(i18n.language).toBe('es'));
    expect(seen).toHaveLength(0);
  });

  it('for a signed-out visitor: stores the choice locally only', async () => {
    await clearTokens();
    await reloadUser();
    const seen = serverAnsweringLanguage();
    render(<LanguageSelector variant="flag" />);

    await choose('Cymraeg');

    await waitFor(() => expect(i18n.language).toBe('cy'));
    expect(stored()).toEqual({ code: 'cy', language: 'Cymraeg' });
    expect(seen).toHaveLength(0);
  });
});
