import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { json, stubServer } from '../../test/stub-server.ts';
import { fill, submitForm } from '../../test/ionic-events.ts';
import { ResetPasswordPage } from './reset-password-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ResetPasswordPage (forgotten password)', () => {
  it('asks the server for a reset link and confirms it is on its way', async () => {
    const seen = stubServer(() => json(200, { data: { sent: true } }));
    const { container } = renderWithRouter(<ResetPasswordPage />, '/reset-password');
    await fill(container, 'E-mail address', ' Operator@Example.com ');
    await submitForm(container);
    expect(
      await screen.findByText(
        /If an account exists for operator@example.com, a reset link is on its way/,
      ),
    ).toBeTruthy();
    expect(seen.map((request) => [new URL(request.url).pathname, request.body])).toEqual([
      ['/api/forgotPassword', { email: 'operator@example.com' }],
    ]);
    expect(screen.getByText('Back to sign in')).toBeTruthy();
  });

  it('needs an e-mail address before calling the server', async () => {
    const seen = stubServer(() => json(200, { data: { sent: true } }));
    const { container } = renderWithRouter(<ResetPasswordPage />, '/reset-password');
    await fill(container, 'E-mail address', 'not-an-address');
    await submitForm(container);
    expect(await screen.findByText('Please Enter your email address.')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('shows the server’s refusal', async () => {
    stubServer(() => json(429, { message: 'Too many requests', code: 'RATE_LIMITED' }));
    const { container } = renderWithRouter(<ResetPasswordPage />, '/reset-password');
    await fill(container, 'E-mail address', 'operator@example.com');
    await submitForm(container);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many attempts. Please wait a few minutes and try again.',
      ),
    );
  });
});
