import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetVisits } from '../../lib/back-navigation.ts';
import type { FeatureRoute } from '../../lib/routing.ts';
import { reloadUser, setUser } from '../../lib/session/session-store.ts';
import { clearTokens } from '../../lib/session/token-store.ts';
import { testUser } from '../../test/fixtures.ts';
import { namedPage, renderWithRouter } from '../../test/render-shell.tsx';
import { json, stubServer } from '../../test/stub-server.ts';
import { AppLayout } from './app-layout.tsx';

const routes: FeatureRoute[] = [
  { path: 'home', component: namedPage('Home page'), access: 'guarded' },
  { path: 'settings', component: namedPage('Settings page'), access: 'guarded' },
  { path: 'dashboard', component: namedPage('Dashboard page'), access: 'guarded' },
  { path: 'manage-rfid-cards', component: namedPage('RFID cards page'), access: 'guarded' },
  { path: 'login', component: namedPage('Login page'), access: 'open', hideNav: true },
  { path: 'register', component: namedPage('Register page'), access: 'open' },
  { path: 'reset-password', component: namedPage('Reset password page'), access: 'open' },
  { path: 'reset/:token', component: namedPage('Reset page'), access: 'open' },
  { path: 'update-app-page', component: namedPage('Update page'), access: 'open' },
  { path: 'terms', component: namedPage('Terms page'), access: 'open' },
  { path: 'charger-details/:barcode', component: namedPage('Charger page'), access: 'guarded' },
];

const location = () => screen.getByTestId('location').textContent;

async function signedOut() {
  await clearTokens();
  await reloadUser();
}

beforeEach(() => {
  stubServer((request) =>
    request.url.endsWith('/getVisibilityPermissions')
      ? json(200, { data: [] })
      : request.url.endsWith('/getUserBalance')
        ? json(200, { data: { balance: -1250, currency: testUser.preferredCurrency } })
        : json(404, { message: 'Not found', code: 'NOT_FOUND' }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('route guards', () => {
  it('sends a signed-out visitor of a guarded page to /login', async () => {
    await signedOut();
    renderWithRouter(<AppLayout routes={routes} />, '/settings');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByText('Login page')).toBeTruthy();
  });

  it('shows a guarded page to a signed-in user', async () => {
    act(() => setUser(testUser));
    renderWithRouter(<AppLayout routes={routes} />, '/settings');
    expect(await screen.findByText('Settings page')).toBeTruthy();
    expect(location()).toBe('/settings');
  });

  it('redirects the empty path to home', async () => {
    act(() => setUser(testUser));
    renderWithRouter(<AppLayout routes={routes} />, '/');
    await waitFor(() => expect(location()).toBe('/home'));
  });

  it('redirects old charger links home/charging/charger/{barcode} to charger-details/{barcode}', async () => {
    act(() => setUser(testUser));
    renderWithRouter(<AppLayout routes={routes} />, '/home/charging/charger/ABC-123');
    await waitFor(() => expect(location()).toBe('/charger-details/ABC-123'));
    expect(await screen.findByText('Charger page')).toBeTruthy();
  });
});

describe('navigation visibility', () => {
  it.each(['/login', '/register', '/reset-password', '/reset/abc', '/update-app-page'])(
    'hides the top bar on %s',
    async (path) => {
      await signedOut();
      const { container } = renderWithRouter(<AppLayout routes={routes} />, path);
      await waitFor(() => expect(container.querySelector('.app-outlet h1')).not.toBeNull());
      expect(container.querySelector('.top-bar')).toBeNull();
    },
  );

  it('shows the brand bar, the balance and the spec menu links whose pages are registered', async () => {
    act(() => setUser(testUser));
    const { container } = renderWithRouter(<AppLayout routes={routes} />, '/home');
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(container.querySelector('.top-bar')).not.toBeNull();
    expect(await screen.findByText('£12.50')).toBeTruthy();
    const menuLabels = [...container.querySelectorAll('.side-menu__item ion-label')].map(
      (label) => label.textContent,
    );
    // spec 000 §2: RFID cards and terms are settings links, not menu entries.
    expect(menuLabels).toEqual(['Dashboard', 'Home', 'Settings', 'Log out']);
    expect(container.textContent).toContain('Version 2.7.9');
    expect(container.textContent).toContain(testUser.HRCode);
  });
});

describe('back button (issue 19, spec 000 §2)', () => {
  const backButton = (container: HTMLElement) =>
    container.querySelector<HTMLElement>('ion-button.back-button');

  it('is on a sub-page opened directly and leads to the root, which opens home', async () => {
    resetVisits();
    act(() => setUser(testUser));
    const { container } = renderWithRouter(<AppLayout routes={routes} />, '/manage-rfid-cards');
    await screen.findByText('RFID cards page');
    expect(backButton(container)).not.toBeNull();
    backButton(container)?.click();
    await waitFor(() => expect(location()).toBe('/home'));
    expect(backButton(container)).toBeNull();
  });

  it('keeps its place at the start of the bar when the session brings the menu button', async () => {
    // A page opened directly draws its back button before the session is known; the menu button
    // that comes with the user must not take the spot a driver's first tap is aimed at.
    await signedOut();
    const { container } = renderWithRouter(<AppLayout routes={routes} />, '/terms');
    await screen.findByText('Terms page');
    const back = backButton(container);
    const start = container.querySelector('.top-bar ion-buttons[slot="start"]');
    expect(start?.firstElementChild).toBe(back);
    expect(container.querySelector('ion-menu-button')).toBeNull();

    act(() => setUser(testUser));
    await waitFor(() => expect(container.querySelector('ion-menu-button')).not.toBeNull());
    expect(backButton(container)).toBe(back);
    expect(start?.firstElementChild).toBe(back);
  });

  it('is on the sign-out pages without the top bar, and leads to sign-in', async () => {
    resetVisits();
    await signedOut();
    const { container } = renderWithRouter(<AppLayout routes={routes} />, '/reset-password');
    await screen.findByText('Reset password page');
    backButton(container)?.click();
    await waitFor(() => expect(location()).toBe('/login'));
    expect(backButton(container)).toBeNull();
  });
});

describe('offline banner', () => {
  it('appears on the offline event and goes on the online event', async () => {
    act(() => setUser(testUser));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderWithRouter(<AppLayout routes={routes} />, '/home');
    await screen.findByText('Home page');
    expect(screen.queryByRole('status')).toBeNull();

    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status').textContent).toContain('No Internet Connection');

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
