import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadUser } from '../../lib/session/session-store.ts';
import { loadCredentials } from '../../lib/session/stored-credentials.ts';
import { clearTokens, getTokens } from '../../lib/session/token-store.ts';
import { FakePasswordCredential, fakePasswordManager } from '../../test/fake-credentials.ts';
import { testUser } from '../../test/fixtures.ts';
import { namedPage, renderWithRouter } from '../../test/render-shell.tsx';
import { json, stubServer, type SeenRequest } from '../../test/stub-server.ts';
import { fill, ionControl, submitForm, tick, typeInto } from '../../test/ionic-events.ts';
import { LoginPage } from './login-page.tsx';

const later = new Date(Date.now() + 3_600_000).toISOString();
const signedIn = {
  token: 'access',
  tokenData: {
    auth: { token: 'access', expiry: later },
    refresh: { token: 'refresh', expiry: later },
  },
};
const location = () => screen.getByTestId('location').textContent;
const path = (request: SeenRequest) => new URL(request.url).pathname;
const callsTo = (seen: SeenRequest[], name: string) =>
  seen.filter((request) => path(request) === `/api${name}`);

function renderLogin() {
  return renderWithRouter(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/home" element={namedPage('Home')()} />
      <Route path="/mfa" element={namedPage('MFA set-up')()} />
      <Route path="/email-sent" element={namedPage('E-mail sent')()} />
    </Routes>,
    '/login',
  );
}

async function signInWith(container: HTMLElement, name: string, password: string) {
  await fill(container, 'E-mail address', name);
  await fill(container, 'Password', password);
  await submitForm(container);
}

/** A server whose /login answers `login`; MFA calls and /userdata answer as the real one does. */
function server(login: () => Response) {
  return stubServer((request) => {
    switch (path(request)) {
      case '/api/login':
        return login();
      case '/api/development/user/mfa/requestToken':
        return json(200, { data: { sent: true, method: 'email' } });
      case '/api/development/user/mfa/verify':
        return (request.body as { mfaToken: string }).mfaToken === '123456'
          ? json(200, { data: { user: signedIn } })
          : json(401, {
              message: 'Your 6 digit code was not recognised',
              code: 'MFA_CODE_INVALID',
            });
      case '/api/userdata':
        return json(200, { data: testUser });
      default:
        return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    }
  });
}

/** The login-with-mfa modal the sign-in opens when the server answers RequestToken. */
function mfaModal(): HTMLElement {
  const modal = document.querySelector<HTMLElement>('ion-modal.login-with-mfa');
  if (!modal) throw new Error('the login-with-mfa modal is not open');
  return modal;
}

beforeEach(async () => {
  window.localStorage.clear();
  await clearTokens();
  await reloadUser();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('shows the brand, the links and no how-to video when the feature is off', () => {
    server(() => json(500, {}));
    renderLogin();
    expect(screen.getByText('EV Charge')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByText('Forgot your password?').getAttribute('href')).toBe('/reset-password');
    expect(screen.getByText('Create an account').getAttribute('href')).toBe('/register');
    expect(screen.queryByText('How to use the app')).toBeNull();
  });

  it('asks for both fields before calling the server', async () => {
    const seen = server(() => json(500, {}));
    const { container } = renderLogin();
    await submitForm(container);
    expect(await screen.findByText('Please enter your e-mail address and password.')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('sends the trimmed, lower-cased name with the versions, signs in and opens home', async () => {
    const seen = server(() => json(200, { data: { user: signedIn } }));
    const { container } = renderLogin();
    await signInWith(container, '  Driver@Example.COM ', 'Driver-pass-2026');
    await waitFor(() => expect(location()).toBe('/home'));
    expect(callsTo(seen, '/login')).toHaveLength(1);
    expect(callsTo(seen, '/login')[0]?.body).toMatchObject({
      name: 'driver@example.com',
      password: 'Driver-pass-2026',
      apiVersion: { majorversion: 2, minorversion: 0, patchversion: 0 },
      appVersion: '2.7.9',
    });
    expect((await getTokens())?.auth.token).toBe('access');
    expect(await loadCredentials()).toBeNull();
  });

  it('keeps the name and password on the device when asked to, in the password manager, never in plain text (issue 19)', async () => {
    const manager = fakePasswordManager();
    server(() => json(200, { data: { user: signedIn } }));
    const { container } = renderLogin();
    await tick(ionControl(container, 'ion-checkbox', 'Keep me logged in'));
    expect(screen.getByText(/kept on this device/)).toBeTruthy();
    await signInWith(container, 'driver@example.com', 'Driver-pass-2026');
    await waitFor(() => expect(location()).toBe('/home'));
    expect(manager.saved.get('driver@example.com')?.password).toBe('Driver-pass-2026');
    expect(await loadCredentials()).toEqual({
      username: 'driver@example.com',
      password: 'Driver-pass-2026',
    });
    const everything = Object.keys(window.localStorage).map((key) =>
      window.localStorage.getItem(key),
    );
    expect(everything.join('\n')).not.toContain('Driver-pass-2026');
  });

  it('fills in the kept name and password with the box ticked when the driver comes back', async () => {
    const manager = fakePasswordManager();
    await manager.container.store(
      new FakePasswordCredential({ id: 'driver@example.com', password: 'Driver-pass-2026' }),
    );
    window.localStorage.setItem('keepLoggedInAs', 'driver@example.com');
    const { container } = renderLogin();
    await waitFor(() =>
      expect(container.querySelector<HTMLInputElement>('input[type="password"]')?.value).toBe(
        'Driver-pass-2026',
      ),
    );
    await waitFor(() =>
      expect(
        (
          ionControl(container, 'ion-checkbox', 'Keep me logged in') as Element & {
            checked: boolean;
          }
        ).checked,
      ).toBe(true),
    );
  });

  it('shows the login error for a wrong password and stays on the page', async () => {
    server(() =>
      json(401, { message: 'Your username or password is incorrect', code: 'LOGIN_FAILED' }),
    );
    const { container } = renderLogin();
    await signInWith(container, 'driver@example.com', 'wrong');
    expect(
      await screen.findByText('Login Error: your e-mail address or password is incorrect.'),
    ).toBeTruthy();
    expect(location()).toBe('/login');
  });

  it('says when there is no connection', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { container } = renderLogin();
    await signInWith(container, 'driver@example.com', 'Driver-pass-2026');
    expect(await screen.findByText('No Internet Connection')).toBeTruthy();
  });

  it('an unconfirmed registration is named and offers the confirmation e-mail again', async () => {
    server(() =>
      json(403, {
        message: 'Your registration is not confirmed yet.',
        code: 'REGISTRATION_NOT_CONFIRMED',
      }),
    );
    const { container } = renderLogin();
    await signInWith(container, 'new@example.com', 'Some-pass-2026');
    expect(await screen.findByText(/^Registration Not Confirmed/)).toBeTruthy();
    expect(screen.getByText('Send the confirmation e-mail again').getAttribute('href')).toBe(
      '/email-sent?email=new%40example.com&pending=1',
    );
  });

  it('RequestToken: choose a method, have the code sent, enter the 6-digit code', async () => {
    const seen = server(() =>
      json(200, {
        data: {
          mfaStage: 'RequestToken',
          mfaOptions: [
            { method: 'app', isDefault: false, hint: 'Added 2 March 2026' },
            { method: 'email', isDefault: true, hint: 'd***@example.com' },
          ],
        },
      }),
    );
    const { container } = renderLogin();
    await signInWith(container, 'driver@example.com', 'Driver-pass-2026');
    // spec 000 §2 login-with-mfa: the code step opens as a modal over the sign-in form.
    expect(await screen.findByRole('heading', { name: "Confirm it's you" })).toBeTruthy();
    const modal = mfaModal();
    expect(screen.getByText('d***@example.com')).toBeTruthy();
    expect(screen.getByText('Authenticator app')).toBeTruthy();
    expect(await getTokens()).toBeNull();

    // The default method (e-mail) is chosen; its code must be sent before it can be typed.
    expect(modal.querySelector('ion-input')).toBeNull();
    await submitForm(modal);
    await waitFor(() =>
      expect(callsTo(seen, '/development/user/mfa/requestToken')).toHaveLength(1),
    );
    expect(callsTo(seen, '/development/user/mfa/requestToken')[0]?.body).toMatchObject({
      method: 'email',
      name: 'driver@example.com',
      password: 'Driver-pass-2026',
    });
    expect(await screen.findByText(/up to 5 minutes/)).toBeTruthy();

    const code = ionControl(modal, 'ion-input', '6-digit code');
    await typeInto(code, '12345');
    await submitForm(modal);
    expect(await screen.findByText('Your 6 digit code was not recognised')).toBeTruthy();
    expect(callsTo(seen, '/development/user/mfa/verify')).toHaveLength(0);

    await typeInto(code, '654321');
    await submitForm(modal);
    await waitFor(() => expect(callsTo(seen, '/development/user/mfa/verify')).toHaveLength(1));
    expect(await screen.findByText('Your 6 digit code was not recognised')).toBeTruthy();
    expect(location()).toBe('/login');

    await typeInto(code, '123456');
    await submitForm(modal);
    await waitFor(() => expect(location()).toBe('/home'));
    expect(callsTo(seen, '/development/user/mfa/verify')[1]?.body).toMatchObject({
      method: 'email',
      mfaToken: '123456',
      name: 'driver@example.com',
    });
    expect((await getTokens())?.auth.token).toBe('access');
  });

  it('RequestToken with an authenticator app: no code is sent, the code is typed at once', async () => {
    const seen = server(() =>
      json(200, {
        data: {
          mfaStage: 'RequestToken',
          mfaOptions: [{ method: 'app', isDefault: true, hint: 'Authenticator app' }],
        },
      }),
    );
    const { container } = renderLogin();
    await signInWith(container, 'driver@example.com', 'Driver-pass-2026');
    await screen.findByRole('heading', { name: "Confirm it's you" });
    await fill(mfaModal(), '6-digit code', '123456');
    await submitForm(mfaModal());
    await waitFor(() => expect(location()).toBe('/home'));
    expect(callsTo(seen, '/development/user/mfa/requestToken')).toHaveLength(0);
    expect(callsTo(seen, '/development/user/mfa/verify')[0]?.body).toMatchObject({ method: 'app' });
  });

  it('EnforcedSetup: signs in with the set-up token and guides the driver to set up MFA', async () => {
    server(() =>
      json(200, {
        data: {
          mfaStage: 'EnforcedSetup',
          message: 'Your account requires multi-factor authentication.',
          user: signedIn,
        },
      }),
    );
    const { container } = renderLogin();
    await signInWith(container, 'mfa@example.com', 'Mfa-pass-2026');
    await waitFor(() => expect(location()).toBe('/mfa'));
    expect(await screen.findByText('Set up a second step')).toBeTruthy();
    expect((await getTokens())?.auth.token).toBe('access');
  });
});
