import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { becomeGuest, setUser } from '../lib/session/session-store.ts';
import { clearTokens } from '../lib/session/token-store.ts';
import { reloadUser } from '../lib/session/session-store.ts';
import { testUser } from '../test/fixtures.ts';
import { renderWithRouter } from '../test/render-shell.tsx';
import { tokenData } from '../test/signed-in.ts';
import { RouteGuard } from './guards.tsx';

const location = () => screen.getByTestId('location').textContent;

function Pages() {
  return (
    <Routes>
      <Route path="/login" element={<h1>Login page</h1>} />
      <Route
        path="/guest/findcharger"
        element={
          <RouteGuard access="guest-or-user">
            <h1>Guest find charger</h1>
          </RouteGuard>
        }
      />
      <Route
        path="/terms"
        element={
          <RouteGuard access="guarded" embeddable>
            <h1>Terms</h1>
          </RouteGuard>
        }
      />
      <Route
        path="/settings"
        element={
          <RouteGuard access="guarded">
            <h1>Settings</h1>
          </RouteGuard>
        }
      />
    </Routes>
  );
}

beforeEach(async () => {
  window.localStorage.clear();
  await clearTokens();
  await reloadUser();
});

describe('guest-or-user guard (spec 000 §6)', () => {
  it('admits a guest', async () => {
    await act(() => becomeGuest('G-ABCDEFGH12', tokenData('guest')));
    renderWithRouter(<Pages />, '/guest/findcharger');
    expect(await screen.findByText('Guest find charger')).toBeTruthy();
  });

  it('admits a signed-in user', async () => {
    act(() => setUser(testUser));
    renderWithRouter(<Pages />, '/guest/findcharger');
    expect(await screen.findByText('Guest find charger')).toBeTruthy();
  });

  it('sends someone who is neither to /login', async () => {
    renderWithRouter(<Pages />, '/guest/findcharger');
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('keeps guarded pages shut to a guest', async () => {
    await act(() => becomeGuest('G-ABCDEFGH12', tokenData('guest')));
    renderWithRouter(<Pages />, '/settings');
    await waitFor(() => expect(location()).toBe('/login'));
  });
});

describe('terms and privacy (spec 000 §2: guarded, read in the terms modal while registering)', () => {
  it('sends a signed-out driver opening the terms to /login', async () => {
    renderWithRouter(<Pages />, '/terms');
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it("shows them signed out inside the terms modal's frame", async () => {
    renderWithRouter(<Pages />, '/terms?embedded=1');
    expect(await screen.findByText('Terms')).toBeTruthy();
    expect(location()).toBe('/terms?embedded=1');
  });

  it('keeps a guarded page that is not embeddable shut even in a frame', async () => {
    renderWithRouter(<Pages />, '/settings?embedded=1');
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('shows them to a signed-in user', async () => {
    act(() => setUser(testUser));
    renderWithRouter(<Pages />, '/terms');
    expect(await screen.findByText('Terms')).toBeTruthy();
  });
});
