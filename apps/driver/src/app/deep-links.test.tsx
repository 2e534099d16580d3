import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeatureRoute } from '../lib/routing.ts';
import { setUser } from '../lib/session/session-store.ts';
import { testUser } from '../test/fixtures.ts';
import { namedPage, renderWithRouter } from '../test/render-shell.tsx';
import { json, stubServer } from '../test/stub-server.ts';
import { DeepLinks, type AppLinkSubscription } from './deep-links.tsx';
import { AppLayout } from './layout/app-layout.tsx';

const location = () => screen.getByTestId('location').textContent;

/** The phone's appUrlOpen events, faked at the subscription's interface. */
function fakeAppLinks() {
  const links = { open: (_url: string) => undefined as void, subscribed: 0 };
  const subscribe: AppLinkSubscription = (onUrl) => {
    links.subscribed += 1;
    links.open = (url) => act(() => onUrl(url));
    return () => {
      links.subscribed -= 1;
    };
  };
  return { subscribe, links };
}

describe('DeepLinks in the native app (spec 000 §2, Capacitor appUrlOpen)', () => {
  it.each([
    ['https://evcharge.app/completeRegistration/tok-1', '/completeRegistration/tok-1'],
    ['https://evcharge.app/reset/r-2', '/reset/r-2'],
    ['evcharge://open/c/5678', '/charger-details?barcode=5678'],
    ['https://evcharge.app/1234?src=qr', '/charger-details?barcode=1234'],
  ])('%s opens %s', (url, path) => {
    const { subscribe, links } = fakeAppLinks();
    renderWithRouter(<DeepLinks appLinks={subscribe} />, '/home');
    links.open(url);
    expect(location()).toBe(path);
  });

  it('ignores an address without a path and stops listening when unmounted', () => {
    const { subscribe, links } = fakeAppLinks();
    const { unmount } = renderWithRouter(<DeepLinks appLinks={subscribe} />, '/home');
    links.open('https://evcharge.app/');
    expect(location()).toBe('/home');
    expect(links.subscribed).toBe(1);
    unmount();
    expect(links.subscribed).toBe(0);
  });
});

describe('web addresses (spec 000 §2)', () => {
  const routes: FeatureRoute[] = [
    { path: 'home', component: namedPage('Home page'), access: 'guarded' },
    { path: 'reset/:token', component: namedPage('Reset page'), access: 'open' },
    {
      path: 'completeRegistration/:token',
      component: namedPage('Completion page'),
      access: 'open',
    },
    { path: 'charger-details/:barcode', component: namedPage('Charger page'), access: 'guarded' },
    { path: 'charger-details', component: namedPage('Charger query page'), access: 'guarded' },
  ];

  beforeEach(() => {
    stubServer((request) =>
      request.url.endsWith('/getVisibilityPermissions')
        ? json(200, { data: [] })
        : json(404, { message: 'Not found', code: 'NOT_FOUND' }),
    );
    act(() => setUser(testUser));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    ['/c/1234', '/charger-details?barcode=1234', 'Charger query page'],
    ['/1234', '/charger-details?barcode=1234', 'Charger query page'],
    ['/app/reset/tok-9', '/reset/tok-9', 'Reset page'],
    ['/reset/tok-9', '/reset/tok-9', 'Reset page'],
    ['/completeRegistration/tok-3', '/completeRegistration/tok-3', 'Completion page'],
    ['/home/charging/charger/4321', '/charger-details/4321', 'Charger page'],
    ['/no-such-page', '/home', 'Home page'],
  ])('%s leads to %s', async (path, target, page) => {
    renderWithRouter(<AppLayout routes={routes} />, path);
    await waitFor(() => expect(location()).toBe(target));
    expect(await screen.findByText(page)).toBeTruthy();
  });
});
