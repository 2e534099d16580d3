import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentBrand } from '../../lib/brand.ts';
import { reloadUser } from '../../lib/session/session-store.ts';
import { clearTokens, getTokens } from '../../lib/session/token-store.ts';
import { testUser } from '../../test/fixtures.ts';
import { namedPage, renderWithRouter } from '../../test/render-shell.tsx';
import { json, stubServer, type SeenRequest } from '../../test/stub-server.ts';
import { CompleteRegistrationPage } from './complete-registration-page.tsx';

const later = new Date(Date.now() + 3_600_000).toISOString();
const tokenData = {
  auth: { token: 'fresh', expiry: later },
  refresh: { token: 'refresh', expiry: later },
};
const location = () => screen.getByTestId('location').textContent;
const path = (request: SeenRequest) => new URL(request.url).pathname;

function openLink(token: string) {
  return renderWithRouter(
    <Routes>
      <Route path="/completeRegistration/:token" element={<CompleteRegistrationPage />} />
      <Route path="/home" element={namedPage('Home')()} />
      <Route path="/login" element={namedPage('Login')()} />
    </Routes>,
    `/completeRegistration/${token}`,
  );
}

beforeEach(async () => {
  await clearTokens();
  await reloadUser();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CompleteRegistrationPage (completeRegistration/{token})', () => {
  it('confirmed: signs in once, opens home and says the account is activated', async () => {
    const seen = stubServer((request) =>
      path(request) === '/api/completeRegistration'
        ? json(200, {
            data: { _id: 'u9', email: 'rhiannon@example.com', user: { token: 'fresh', tokenData } },
          })
        : json(200, { data: testUser }),
    );
    openLink('good-token');
    await waitFor(() => expect(location()).toBe('/home'));
    expect(await screen.findByText('Account activated')).toBeTruthy();
    const completions = seen.filter((request) => path(request) === '/api/completeRegistration');
    expect(completions).toHaveLength(1);
    expect(completions[0]?.body).toMatchObject({ token: 'good-token' });
    expect((await getTokens())?.auth.token).toBe('fresh');
  });

  it('not confirmed: goes to sign in with an alert naming the brand’s support contact', async () => {
    stubServer((request) =>
      path(request) === '/api/development/guest/helpline/default'
        ? json(200, { data: { helpline: '+44 20 7946 0000' } })
        : json(400, {
            message: 'This confirmation link is invalid or has expired',
            code: 'REGISTRATION_TOKEN_INVALID',
          }),
    );
    openLink('used-token');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByText('Registration Not Confirmed')).toBeTruthy();
    const support = currentBrand().brand.supportEmail ?? '+44 20 7946 0000';
    expect(
      await screen.findByText(`Please contact support: ${support}`, { exact: false }),
    ).toBeTruthy();
    expect(await getTokens()).toBeNull();
  });

  it('without a connection the link can be tried again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    openLink('good-token');
    expect(await screen.findByText('No Internet Connection')).toBeTruthy();
    expect(screen.getByText('Try again')).toBeTruthy();
    expect(location()).toBe('/completeRegistration/good-token');
  });
});
