import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MfaOption } from '@evc/contract';
import { setUser } from '../../lib/session/session-store.ts';
import { setTokens } from '../../lib/session/token-store.ts';
import { testUser } from '../../test/fixtures.ts';
import { fill, isDisabled, submitForm } from '../../test/ionic-events.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { json, stubServer } from '../../test/stub-server.ts';
import { ChangePasswordPage } from './change-password-page.tsx';
import { DeleteAccountPage } from './delete-account-page.tsx';
import { MfaPage } from './mfa-page.tsx';

const later = new Date(Date.now() + 3_600_000).toISOString();

beforeEach(async () => {
  await setTokens({ auth: { token: 'a', expiry: later }, refresh: { token: 'r', expiry: later } });
  act(() => setUser(testUser));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ChangePasswordPage (spec 001 §5)', () => {
  it('rejects empty fields without calling the server', async () => {
    const seen = stubServer(() => json(500, {}));
    const { container } = renderWithRouter(<ChangePasswordPage />, '/change-password');
    await act(async () => {
      fireEvent.submit(container.querySelector('form')!);
      await Promise.resolve();
    });
    expect(screen.getByText('Please fill in every password field.')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('refuses a mismatch before calling the server', async () => {
    const seen = stubServer(() => json(500, {}));
    const { container } = renderWithRouter(<ChangePasswordPage />, '/change-password');
    await fill(container, 'Current password', 'Driver-pass-2026');
    await fill(container, 'New password', 'Glas-Mynydd-Taith-2026');
    await fill(container, 'Confirm new password', 'Glas-Mynydd-Taith-2027');
    await submitForm(container);
    expect(await screen.findByText('Your passwords do not match.')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('shows the server refusing a wrong current password', async () => {
    const seen = stubServer(() =>
      json(400, {
        message: 'Your current password is incorrect.',
        code: 'CURRENT_PASSWORD_INCORRECT',
      }),
    );
    const { container } = renderWithRouter(<ChangePasswordPage />, '/change-password');
    await fill(container, 'Current password', 'not-my-password');
    await fill(container, 'New password', 'Glas-Mynydd-Taith-2026');
    await fill(container, 'Confirm new password', 'Glas-Mynydd-Taith-2026');
    // zxcvbn loads lazily; wait for the panel to judge the new password strong.
    await screen.findByText('Very strong');
    await submitForm(container);
    expect(await screen.findByText('Your current password is incorrect.')).toBeTruthy();
    expect(seen.map((request) => request.body)).toEqual([
      { old_password: 'not-my-password', new_password: 'Glas-Mynydd-Taith-2026' },
    ]);
  });
});

describe('DeleteAccountPage (spec 001 §5)', () => {
  it('deletes nothing until the word delete is typed', async () => {
    const seen = stubServer(() => json(500, {}));
    const { container } = renderWithRouter(<DeleteAccountPage />, '/delete-account');
    expect(screen.getByText('it cannot be undone.')).toBeTruthy();
    await act(async () => {
      fireEvent.submit(container.querySelector('form')!);
      await Promise.resolve();
    });
    expect(seen).toHaveLength(0);
  });

  it('deletes the account once the word is typed', async () => {
    const seen = stubServer(() => json(200, { data: true }));
    const { container } = renderWithRouter(<DeleteAccountPage />, '/delete-account');
    const button = screen.getByText('Delete my account').closest('ion-button')!;
    expect(isDisabled(button)).toBe(true);
    await fill(container, 'Type the word "delete" to confirm', 'delete');
    expect(isDisabled(button)).toBe(false);
    await submitForm(container);
    await waitFor(() =>
      expect(
        seen.some((request) =>
          request.url.endsWith('/development/user/account/requestAccountDeletion'),
        ),
      ).toBe(true),
    );
  });
});

describe('MfaPage (spec 001 §4)', () => {
  it('lists the methods, makes one default and removes one, showing the server answer', async () => {
    let methods: MfaOption[] = [
      { method: 'email', isDefault: true, hint: 'd***@example.com' },
      { method: 'app', isDefault: false, hint: 'Authenticator app' },
    ];
    const seen = stubServer((request) => {
      const body = request.body as { method?: string } | undefined;
      if (request.url.endsWith('/mfa/default')) {
        methods = methods.map((option) => ({
          ...option,
          isDefault: option.method === body?.method,
        }));
        return json(200, { data: methods });
      }
      if (request.url.endsWith('/mfa/remove')) {
        methods = methods
          .filter((option) => option.method !== body?.method)
          .map((option) => ({ ...option, isDefault: true }));
        return json(200, { data: methods });
      }
      if (request.url.endsWith('/mfa/methods')) return json(200, { data: methods });
      return json(200, { data: testUser });
    });
    renderWithRouter(<MfaPage />, '/mfa');
    expect(await screen.findByText('d***@example.com')).toBeTruthy();
    expect(screen.getByText('Default').closest('h3')?.textContent).toContain('E-mail');

    await act(async () => {
      fireEvent.click(screen.getByText('Make default'));
      await Promise.resolve();
    });
    await waitFor(() =>
      expect(screen.getByText('Default').closest('h3')?.textContent).toContain('Authenticator app'),
    );

    const removeButtons = screen.getAllByText('Remove');
    await act(async () => {
      fireEvent.click(removeButtons[1]!);
      await Promise.resolve();
    });
    await waitFor(() =>
      expect(screen.queryByText('Authenticator app', { selector: 'p' })).toBeNull(),
    );
    expect(screen.getByText('Default').closest('h3')?.textContent).toContain('E-mail');
    expect(
      seen.filter((request) => request.url.endsWith('/mfa/remove')).map((request) => request.body),
    ).toEqual([{ method: 'app' }]);
    // Only the methods not set up yet are offered.
    expect(screen.getByText('Add a method')).toBeTruthy();
  });
});
