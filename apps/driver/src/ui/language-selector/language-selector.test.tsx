import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '@evc/domain';
import { i18n } from '../../lib/i18n.ts';
import { reloadUser, setUser } from '../../lib/session/session-store.ts';
import { clearTokens, setTokens } from '../../lib/session/token-store.ts';
import { testUser } from '../../test/fixtures.ts';
import { json, stubServer } from '../../test/stub-server.ts';
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

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

describe('LanguageSelector', () => {
  it('lists the loaded languages by their own names', async () => {
    render(<LanguageSelector />);
    fireEvent.click(screen.getByLabelText('Choose a language'));
    for (const name of ['English', 'Français', 'Cymraeg', 'Español', 'Italiano']) {
      expect(await screen.findByText(name, { selector: 'ion-label' })).toBeTruthy();
    }
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
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]?.url).toMatch(/\/api\/setUserLanguage$/);
    expect(seen[0]?.body).toEqual({ userid: testUser._id, lang: 'fr' });
    expect(screen.getByLabelText('Choisir une langue')).toBeTruthy();
  });

  it('does not save again when the language equals the stored one', async () => {
    await setTokens({
      auth: { token: 'a', expiry: later },
      refresh: { token: 'r', expiry: later },
    });
    act(() => setUser(testUser));
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
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
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('cy');
    expect(seen).toHaveLength(0);
  });
});
