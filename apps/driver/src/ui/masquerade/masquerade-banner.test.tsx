import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '@evc/domain';
import { i18n } from '../../lib/i18n.ts';
import {
  beginMasquerade,
  endMasquerade,
  getMasquerade,
  resetMasqueradeForTests,
  turnMasqueradeOn,
} from '../../lib/masquerade/masquerade-state.ts';
import { clearMemoryStorageForTests, storage } from '../../lib/storage.ts';
import { LAST_LOADED_KEY } from '../../lib/session/forget-last-loaded.ts';
import {
  keptListStore,
  setKeptListStoreForTests,
} from '../../lib/session/last-loaded-list-store.ts';
import { saveLastLoaded } from '../../lib/session/last-loaded-queries.ts';
import { becomeGuest, reloadUser, setUser } from '../../lib/session/session-store.ts';
import { clearTokens, setTokens } from '../../lib/session/token-store.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { testUser } from '../../test/fixtures.ts';
import { tokenData } from '../../test/signed-in.ts';
import { json, stubServer } from '../../test/stub-server.ts';
import { LanguageSelector } from '../language-selector/language-selector.tsx';
import { MasqueradeBanner } from './masquerade-banner.tsx';

const location = () => screen.getByTestId('location').textContent;
/** Ionic draws an ion-button's own button inside it: the confirm buttons found by their tag. */
const confirmButtons = () => [...document.querySelectorAll('.masquerade-overlay ion-button')];

beforeEach(async () => {
  resetMasqueradeForTests();
  window.localStorage.clear();
  clearMemoryStorageForTests();
  await clearTokens();
  await act(() => reloadUser());
});
afterEach(async () => {
  // A modal taken away before Ionic has presented it (its content drawn does not say so) makes
  // Ionic's pending present fail after the test: each is left presented before the cleanup.
  await waitFor(() => {
    for (const modal of document.querySelectorAll('ion-modal')) {
      expect(modal.classList.contains('show-modal')).toBe(true);
    }
  });
  vi.unstubAllGlobals();
  resetMasqueradeForTests();
  await act(() => i18n.changeLanguage('en'));
});

/** The console handed over a driver's session: held in memory, the user loaded. */
async function masqueradingAsDriver() {
  turnMasqueradeOn();
  await setTokens(tokenData('masq'));
  act(() => {
    setUser(testUser);
    beginMasquerade('user');
  });
}

describe('MasqueradeBanner (spec 000 §2, §4; issue 18)', () => {
  it('shows nothing outside masquerade', () => {
    act(() => setUser(testUser));
    renderWithRouter(<MasqueradeBanner />, '/home');
    expect(screen.queryByTestId('masquerade-banner')).toBeNull();
    expect(confirmButtons()).toHaveLength(0);
  });

  it('names the driver and their HRCode, and opens on their home page', async () => {
    renderWithRouter(<MasqueradeBanner />, '/login');
    await masqueradingAsDriver();
    expect(screen.getByTestId('masquerade-banner').textContent).toBe(
      'Support view: acting as Dana Driver (HR-1)',
    );
    await waitFor(() => expect(location()).toBe('/home'));
  });

  it('asks once for confirmation with one confirm button, and not again in this session', async () => {
    const view = renderWithRouter(<MasqueradeBanner />, '/home');
    await masqueradingAsDriver();
    // The confirmation is a modal: its content is drawn once it is presented.
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() =>
      expect(dialog.textContent).toContain('You are acting as Dana Driver (HR-1).'),
    );
    expect(confirmButtons()).toHaveLength(1);
    expect(confirmButtons()[0]?.textContent).toBe('Confirm');
    fireEvent.click(confirmButtons()[0] as HTMLElement);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(getMasquerade().confirmed).toBe(true);

    // The user reloaded (after an update), the banner drawn again: no second confirmation.
    act(() => setUser({ ...testUser, first_name: 'Dani' }));
    view.unmount();
    renderWithRouter(<MasqueradeBanner />, '/settings');
    expect(screen.getByTestId('masquerade-banner').textContent).toContain('Dani Driver');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows the guest’s code, and no confirmation (it is for a user with an HRCode)', async () => {
    renderWithRouter(<MasqueradeBanner />, '/login');
    turnMasqueradeOn();
    await act(async () => {
      await becomeGuest('G-ABCDEFGH12', tokenData('masq-guest'));
      beginMasquerade('guest');
    });
    expect(screen.getByTestId('masquerade-banner').textContent).toBe(
      'Support view: acting as guest G-ABCDEFGH12',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(location()).toMatch(/^\/guest/));
  });

  it('a session handed over keeps nothing the previous one kept in the page', async () => {
    setKeptListStoreForTests(null);
    renderWithRouter(<MasqueradeBanner />, '/login');
    act(() => turnMasqueradeOn());
    const previous = new QueryClient();
    previous.setQueryData(['listChargers'], { count: 1 });
    previous.setQueryData(['getUserBalance'], { balance: 1 });
    await saveLastLoaded(previous, 'previous');
    expect(await keptListStore().read()).toBeDefined();
    expect(await storage.get(LAST_LOADED_KEY)).toContain('previous');

    await masqueradingAsDriver();
    await waitFor(async () => expect(await keptListStore().read()).toBeUndefined());
    expect(await storage.get(LAST_LOADED_KEY)).toBeNull();
  });

  it('says when no one is signed in, and when the session has ended', async () => {
    renderWithRouter(<MasqueradeBanner />, '/login');
    act(() => turnMasqueradeOn());
    expect(screen.getByTestId('masquerade-banner').textContent).toBe(
      'Support view: no one signed in',
    );
    act(() => endMasquerade());
    const ended = await screen.findByRole('alertdialog');
    await waitFor(() => expect(ended.textContent).toContain('The support session has ended'));
    expect(confirmButtons()).toHaveLength(0);
  });

  it('speaks the five languages', async () => {
    renderWithRouter(<MasqueradeBanner />, '/home');
    await masqueradingAsDriver();
    await act(() => i18n.changeLanguage('cy'));
    expect(screen.getByTestId('masquerade-banner').textContent).toBe(
      'Golwg cymorth: yn gweithredu fel Dana Driver (HR-1)',
    );
    await waitFor(() => expect(confirmButtons()[0]?.textContent).toBe('Cadarnhau'));
  });
});

describe('language in masquerade (spec 000 §4, 001 §4)', () => {
  it('a language change is neither stored on the device nor sent to the account', async () => {
    await masqueradingAsDriver();
    const seen = stubServer(() => json(200, { data: testUser }));
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    render(<LanguageSelector />);
    fireEvent.click(screen.getByLabelText('Choose a language'));
    const option = await waitFor(() => {
      const shown = [
        ...document.querySelectorAll('ion-popover:not(.overlay-hidden) ion-label'),
      ].find((label) => label.textContent === 'Français');
      if (!shown) throw new Error('Français is not showing');
      return shown;
    });
    await act(async () => {
      fireEvent.click(option);
      await Promise.resolve();
    });
    await waitFor(() => expect(i18n.language).toBe('fr'));
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.length).toBe(0);
    expect(setItem).not.toHaveBeenCalled();
    expect(seen.filter((request) => request.url.includes('setUserLanguage'))).toHaveLength(0);
    expect(seen).toHaveLength(0);
    setItem.mockRestore();
  });
});
