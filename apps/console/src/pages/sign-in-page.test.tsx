import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderConsole, STAFF_TOKENS, type FakeCall } from '../test/fake-api.tsx';

const signedIn = { user: { token: STAFF_TOKENS.auth.token, tokenData: STAFF_TOKENS } };

async function typeCredentials(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

const bodyOf = (calls: FakeCall[], path: string) => calls.find((call) => call.path === path)?.body;

describe('staff sign-in', () => {
  it('asks for the e-mailed code after the password, then opens the console', async () => {
    const calls = fakeApi({
      'POST /api/login': () => ({
        mfaStage: 'RequestToken',
        mfaOptions: [{ method: 'email', isDefault: true, hint: 's***@example.com' }],
      }),
      'POST /api/development/user/mfa/requestToken': () => ({ sent: true, method: 'email' }),
      'POST /api/development/user/mfa/verify': () => signedIn,
      'GET /api/console/audit': () => ({ entries: [] }),
      'POST /api/console/drivers/find': () => ({ drivers: [] }),
    });
    renderConsole('/', false);
    const user = await typeCredentials('support@example.com', 'Support-pass-2026');
    await screen.findByText('We have sent a 6-digit code by e-mail to s***@example.com.');
    expect(bodyOf(calls, '/api/development/user/mfa/requestToken')).toMatchObject({
      name: 'support@example.com',
      method: 'email',
    });
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Find a driver or guest' });
    expect(bodyOf(calls, '/api/development/user/mfa/verify')).toMatchObject({
      name: 'support@example.com',
      password: 'Support-pass-2026',
      method: 'email',
      mfaToken: '123456',
    });
    expect(calls.find((call) => call.path === '/api/console/audit')?.authorization).toBe(
      'Bearer staff-token',
    );
    expect(JSON.parse(sessionStorage.getItem('evc-console-session') ?? 'null')).toEqual(
      STAFF_TOKENS,
    );
  });

  it('sets up the e-mailed second factor at a first sign-in', async () => {
    const calls = fakeApi({
      'POST /api/login': () => ({
        mfaStage: 'EnforcedSetup',
        user: { token: 'setup-only', tokenData: STAFF_TOKENS },
      }),
      'POST /api/development/user/mfa/setup': () => ({ method: 'email' }),
      'POST /api/development/user/mfa/setup/confirm': () => ({ methods: [], ...signedIn }),
      'GET /api/console/audit': () => ({ entries: [] }),
    });
    renderConsole('/', false);
    const user = await typeCredentials('support@example.com', 'Support-pass-2026');
    await screen.findByText(/e-mailed a 6-digit code to support@example.com/);
    expect(calls.find((call) => call.path.endsWith('/mfa/setup'))?.authorization).toBe(
      'Bearer setup-only',
    );
    await user.type(screen.getByLabelText('Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Find a driver or guest' });
  });

  it('refuses a driver’s account with a clear message', async () => {
    fakeApi({
      'POST /api/login': () => signedIn,
      'GET /api/console/audit': () => ({
        status: 403,
        body: {
          message: 'Only support staff and operators may use the console',
          code: 'STAFF_ONLY',
        },
      }),
    });
    renderConsole('/', false);
    await typeCredentials('driver@example.com', 'Driver-pass-2026');
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /not a support or operator account/,
    );
    expect(sessionStorage.getItem('evc-console-session')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('shows the server’s reason for a wrong code', async () => {
    fakeApi({
      'POST /api/login': () => ({
        mfaStage: 'RequestToken',
        mfaOptions: [{ method: 'email', isDefault: true, hint: '' }],
      }),
      'POST /api/development/user/mfa/requestToken': () => ({ sent: true, method: 'email' }),
      'POST /api/development/user/mfa/verify': () => ({
        status: 400,
        body: { message: 'Your 6 digit code was not recognised', code: 'BAD_REQUEST' },
      }),
    });
    renderConsole('/', false);
    const user = await typeCredentials('support@example.com', 'Support-pass-2026');
    await user.type(await screen.findByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your 6 digit code was not recognised',
    );
  });

  it('signs out on the server and in the tab', async () => {
    const calls = fakeApi({
      'POST /api/console/drivers/find': () => ({ drivers: [] }),
      'POST /api/development/logout': () => true,
    });
    renderConsole('/');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }));
    await screen.findByRole('button', { name: 'Sign in' });
    expect(sessionStorage.getItem('evc-console-session')).toBeNull();
    expect(calls.find((call) => call.path === '/api/development/logout')?.body).toEqual({
      tokens: { token: 'staff-token', refreshToken: 'staff-refresh' },
    });
  });
});
