import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadUser, becomeGuest, setUser } from '../../lib/session/session-store.ts';
import { clearTokens, getHeldTokens } from '../../lib/session/token-store.ts';
import { testUser } from '../../test/fixtures.ts';
import { fill } from '../../test/ionic-events.ts';
import { namedPage, renderWithRouter } from '../../test/render-shell.tsx';
import { tokenData } from '../../test/signed-in.ts';
import { callsTo, failure, fakeApi, ok } from '../../test/stub-server.ts';
import { GuestHomePage, readGuestCode } from './guest-home-page.tsx';

const CODE = 'G-ABCDEFGH12';
const location = () => screen.getByTestId('location').textContent;
const pages = (
  <Routes>
    <Route path="/guest/guest-home" element={<GuestHomePage />} />
    <Route path="/guest/charger-details" element={namedPage('Guest charger page')()} />
    <Route path="/charger-details" element={namedPage('Charger page')()} />
    <Route path="/home" element={namedPage('Home page')()} />
  </Routes>
);

/** Submits the guest code form (the charger id form comes first on the page). */
async function submitCodeForm(container: HTMLElement): Promise<void> {
  const form = container.querySelector('form.guest-existing');
  if (!form) throw new Error('no guest code form');
  await act(async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await Promise.resolve();
  });
}

beforeEach(async () => {
  window.localStorage.clear();
  await clearTokens();
  await reloadUser();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readGuestCode', () => {
  it.each([
    ['G-ABCDEFGH12', CODE],
    [' g-abcdefgh12 ', CODE],
    ['gabcd efgh12', CODE],
    ['ABCDEFGH12', CODE],
    ['G-ABCDEFGHI2', null],
    ['G-ABC', null],
    ['', null],
  ])('%j reads as %j', (typed, expected) => {
    expect(readGuestCode(typed)).toBe(expected);
  });
});

describe('GuestHomePage (spec 000 §2, §4; issue 15)', () => {
  it('a charger QR code with no guest yet: gets a guest code and tokens, then opens that charger', async () => {
    const seen = fakeApi({
      '/development/guest/identifier': () => ok({ code: CODE }),
      [`/development/guest/tokens/${CODE}`]: () => ok(tokenData('guest')),
      '/latestUserTransaction': () => ok(null),
    });
    renderWithRouter(pages, '/guest/guest-home?barcode=1001');
    await waitFor(() => expect(location()).toBe('/guest/charger-details?barcode=1001'));
    expect(callsTo(seen, '/development/guest/identifier')).toHaveLength(1);
    expect(await getHeldTokens()).toMatchObject({ owner: 'guest', code: CODE });
  });

  it('sends a signed-in driver to the driver’s own charger page', async () => {
    fakeApi({});
    act(() => setUser(testUser));
    renderWithRouter(pages, '/guest/guest-home?barcode=1001');
    await waitFor(() => expect(location()).toBe('/charger-details?barcode=1001'));
  });

  it('lets a guest come back with an existing guest code', async () => {
    await act(() => becomeGuest('G-ZZZZZZZZZZ', tokenData('first')));
    const seen = fakeApi({
      [`/development/guest/tokens/${CODE}`]: () => ok(tokenData('back')),
      '/development/guest/tokens/G-0000000000': () =>
        failure(404, 'GUEST_NOT_FOUND', 'No guest has this code'),
    });
    const { container } = renderWithRouter(pages, '/guest/guest-home');
    await screen.findByText('Charged as a guest before?');

    await fill(container, 'Your guest code', 'G-0000000000');
    await submitCodeForm(container);
    expect(
      await screen.findByText('We do not know this guest code. Please check it.'),
    ).toBeTruthy();

    await fill(container, 'Your guest code', 'g-abcdefgh12');
    await submitCodeForm(container);
    expect(
      await screen.findByText(`Welcome back. You are now using the guest code ${CODE}.`),
    ).toBeTruthy();
    expect(await getHeldTokens()).toMatchObject({ owner: 'guest', code: CODE });
    expect(callsTo(seen, '/development/guest/identifier')).toHaveLength(0);
  });

  it('offers to enter a charger id, scan a QR code or find a charger, all as a guest', async () => {
    await act(() => becomeGuest(CODE, tokenData('guest')));
    fakeApi({});
    renderWithRouter(pages, '/guest/guest-home');
    await screen.findByText("Scan the charger's QR code");
    expect(screen.getByText('Find a charger')).toBeTruthy();
    expect(screen.getAllByText('Charger ID').length).toBeGreaterThan(0);
  });
});
