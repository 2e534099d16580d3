import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePasswordManager } from '../../test/fake-credentials.ts';
import { testUser } from '../../test/fixtures.ts';
import { loadCredentials, saveCredentials } from '../../lib/session/stored-credentials.ts';
import { fill, submitForm } from '../../test/ionic-events.ts';
import { namedPage, renderWithRouter } from '../../test/render-shell.tsx';
import { json, stubServer } from '../../test/stub-server.ts';
import { ChangePasswordPage } from './change-password-page.tsx';
import { findAlert, pressAlertButton } from '../../test/alerts.ts';
import { signedInAs } from '../../test/signed-in.ts';

const STRONG = 'Glas-Mynydd-Taith-2026';

function renderPage() {
  return renderWithRouter(
    <Routes>
      <Route path="/change-password" element={<ChangePasswordPage />} />
      <Route path="/home" element={namedPage('Home')()} />
    </Routes>,
    '/change-password',
  );
}

async function fillForm(container: HTMLElement, current: string, next: string, confirm: string) {
  await fill(container, 'Current password', current);
  await fill(container, 'New password', next);
  await fill(container, 'Confirm new password', confirm);
}

beforeEach(async () => {
  await signedInAs(testUser);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ChangePasswordPage (spec 001 §5)', () => {
  it('rejects empty fields without calling the server', async () => {
    const seen = stubServer(() => json(500, {}));
    const { container } = renderPage();
    await fill(container, 'Current password', 'Driver-pass-2026');
    await submitForm(container);
    expect(screen.getByText('Please fill in every password field.')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('refuses a mismatch before calling the server', async () => {
    const seen = stubServer(() => json(500, {}));
    const { container } = renderPage();
    await fillForm(container, 'Driver-pass-2026', STRONG, `${STRONG}x`);
    await submitForm(container);
    expect(await screen.findByText('Your passwords do not match.')).toBeTruthy();
    expect(screen.queryByText('Please fill in every password field.')).toBeNull();
    expect(seen).toHaveLength(0);
  });

  it('refuses a weak new password before calling the server', async () => {
    const seen = stubServer(() => json(500, {}));
    const { container } = renderPage();
    await fillForm(container, 'Driver-pass-2026', 'password', 'password');
    await submitForm(container);
    expect(await screen.findByText('Weak password: add symbols or numbers.')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('shows the server refusing a wrong current password', async () => {
    const seen = stubServer(() =>
      json(400, {
        message: 'Your current password is incorrect.',
        code: 'CURRENT_PASSWORD_INCORRECT',
      }),
    );
    const { container } = renderPage();
    await fillForm(container, 'not-my-password', STRONG, STRONG);
    // zxcvbn loads lazily; wait for the panel to judge the new password strong.
    await screen.findByText('Very strong');
    await submitForm(container);
    expect(await screen.findByText('Your current password is incorrect.')).toBeTruthy();
    expect(seen.map((request) => request.body)).toEqual([
      { old_password: 'not-my-password', new_password: STRONG },
    ]);
    expect(screen.getByTestId('location').textContent).toBe('/change-password');
  });

  it('says in its own words that support acting for the driver cannot change the password', async () => {
    stubServer(() =>
      json(403, { message: 'Support acting as a driver may not…', code: 'MASQUERADE_REFUSED' }),
    );
    const { container } = renderPage();
    await fillForm(container, 'Driver-pass-2026', STRONG, STRONG);
    await screen.findByText('Very strong');
    await submitForm(container);
    expect(
      await screen.findByText(
        'Support acting for a driver cannot change the password, the sign-in methods or the e-mail address, nor delete the account.',
      ),
    ).toBeTruthy();
  });

  it('confirms a change with an alert, then goes home', async () => {
    const seen = stubServer(() => json(200, { data: true }));
    const { container } = renderPage();
    await fillForm(container, 'Driver-pass-2026', STRONG, STRONG);
    await screen.findByText('Very strong');
    await submitForm(container);
    const alert = await findAlert('Password changed');
    expect(alert.message).toBe('Your new password is saved. Use it next time you sign in.');
    expect(seen.map((request) => new URL(request.url).pathname)).toEqual(['/api/updatePassword']);
    await pressAlertButton(alert, 'OK');
    expect(await screen.findByText('Home')).toBeTruthy();
  });

  it('replaces the password "keep me logged in" kept, so the next sign-in uses the new one (issue 19)', async () => {
    const manager = fakePasswordManager();
    await saveCredentials({ username: testUser.email, password: 'Driver-pass-2026' });
    stubServer(() => json(200, { data: true }));
    const { container } = renderPage();
    await fillForm(container, 'Driver-pass-2026', STRONG, STRONG);
    await screen.findByText('Very strong');
    await submitForm(container);
    await findAlert('Password changed');
    expect(await loadCredentials()).toEqual({ username: testUser.email, password: STRONG });
    expect(manager.container.store).toHaveBeenCalledTimes(2);
    // The browser's password manager is told which account changed its password.
    expect(container.querySelector('input[autocomplete="username"]')?.getAttribute('value')).toBe(
      testUser.email,
    );
  });
});
