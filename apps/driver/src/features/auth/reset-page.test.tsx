import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { namedPage, renderWithRouter } from '../../test/render-shell.tsx';
import { json, stubServer, type SeenRequest } from '../../test/stub-server.ts';
import { fill, submitForm } from '../../test/ionic-events.ts';
import { ResetPage } from './reset-page.tsx';

const location = () => screen.getByTestId('location').textContent;
const path = (request: SeenRequest) => new URL(request.url).pathname;
const LoginProbe = namedPage('Login page');

function renderResetLink(token = 'tok-123') {
  return renderWithRouter(
    <Routes>
      <Route path="/reset/:token" element={<ResetPage />} />
      <Route path="/login" element={<LoginProbe />} />
    </Routes>,
    `/reset/${token}`,
  );
}

async function choose(container: HTMLElement, password: string, confirm = password) {
  await fill(container, 'New password', password);
  await fill(container, 'Confirm new password', confirm);
  await submitForm(container);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ResetPage (reset/{token})', () => {
  it('sends the token and the new password, then goes to sign in with the confirmation', async () => {
    const seen = stubServer(() => json(200, { data: true }));
    const { container } = renderResetLink('tok-123');
    await choose(container, 'Quiet-Harbour-Lantern-77');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(
      seen
        .filter((request) => path(request) === '/api/resetPassword')
        .map((request) => request.body),
    ).toEqual([{ token: 'tok-123', password: 'Quiet-Harbour-Lantern-77' }]);
    expect(await screen.findByText('Password changed')).toBeTruthy();
  });

  it('says the link may have expired when the server calls the token invalid', async () => {
    stubServer(() =>
      json(400, {
        message: 'The reset token is invalid or has expired',
        code: 'RESET_TOKEN_INVALID',
      }),
    );
    const { container } = renderResetLink();
    await choose(container, 'Quiet-Harbour-Lantern-77');
    expect(
      await screen.findByRole('heading', { name: 'Reset link may have expired' }),
    ).toBeTruthy();
    expect(screen.getByText('Ask for a new link')).toBeTruthy();
    expect(location()).toBe('/reset/tok-123');
  });

  it('refuses a weak password and a mismatch before calling the server', async () => {
    const seen = stubServer(() => json(200, { data: true }));
    const { container } = renderResetLink();
    await choose(container, 'password');
    expect(await screen.findByText('Weak password: add symbols or numbers.')).toBeTruthy();
    await choose(container, 'Quiet-Harbour-Lantern-77', 'Quiet-Harbour-Lantern-78');
    expect(await screen.findByText('Your passwords do not match.')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('shows the strength meter for the new password', async () => {
    stubServer(() => json(200, { data: true }));
    const { container } = renderResetLink();
    await fill(container, 'New password', 'password');
    await waitFor(() =>
      expect(screen.getByRole('meter').getAttribute('aria-valuetext')).toBe('Very weak'),
    );
  });
});
