import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignedInUser } from '@evc/contract';
import { fill, select, submitForm } from '../../test/ionic-events.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { callsTo, failure, fakeApi, ok } from '../../test/stub-server.ts';
import { tokenData } from '../../test/signed-in.ts';
import { LoginWithMfaModal, type MfaSignInChallenge } from './login-with-mfa-modal.tsx';

const challenge: MfaSignInChallenge = {
  credentials: { name: 'mfa@example.com', password: 'Mfa-pass-2026' },
  options: [
    { method: 'email', isDefault: true, hint: 'm***@example.com' },
    { method: 'phone', isDefault: false, hint: '+44 ••• ••• 456' },
  ],
};
const signedIn: SignedInUser = { token: 'access', tokenData: tokenData('access') };

function modal(): HTMLElement {
  const element = document.querySelector<HTMLElement>('ion-modal.login-with-mfa');
  if (!element) throw new Error('the modal is not there');
  return element;
}

function renderModal(open: MfaSignInChallenge | null) {
  const onVerified = vi.fn((_user: SignedInUser) => Promise.resolve());
  const onDismiss = vi.fn();
  const view = renderWithRouter(
    <LoginWithMfaModal challenge={open} onVerified={onVerified} onDismiss={onDismiss} />,
    '/anywhere',
  );
  return { ...view, onVerified, onDismiss };
}

afterEach(() => vi.unstubAllGlobals());

describe('LoginWithMfaModal (spec 000 §2 login-with-mfa, §4, §5)', () => {
  it('is closed while there is no challenge', () => {
    renderModal(null);
    expect(screen.queryByRole('heading', { name: "Confirm it's you" })).toBeNull();
  });

  it('lets the driver choose a method, sends the code there and signs in with the 6-digit code', async () => {
    const seen = fakeApi({
      '/development/user/mfa/requestToken': () => ok({ sent: true, method: 'phone' }),
      '/development/user/mfa/verify': (request) =>
        (request.body as { mfaToken: string }).mfaToken === '246810'
          ? ok({ user: signedIn })
          : failure(401, 'MFA_CODE_INVALID', 'Your 6 digit code was not recognised'),
    });
    const { onVerified } = renderModal(challenge);
    expect(await screen.findByRole('heading', { name: "Confirm it's you" })).toBeTruthy();
    expect(screen.getByText('m***@example.com')).toBeTruthy();

    await select(modal().querySelector('ion-radio-group')!, 'phone');
    await submitForm(modal());
    await waitFor(() =>
      expect(callsTo(seen, '/development/user/mfa/requestToken')).toHaveLength(1),
    );
    expect(callsTo(seen, '/development/user/mfa/requestToken')[0]?.body).toMatchObject({
      method: 'phone',
      name: 'mfa@example.com',
      password: 'Mfa-pass-2026',
    });

    // spec 000 §5: six digits, checked before anything is sent.
    await fill(modal(), '6-digit code', '2468');
    await submitForm(modal());
    expect(await screen.findByText('Your 6 digit code was not recognised')).toBeTruthy();
    expect(callsTo(seen, '/development/user/mfa/verify')).toHaveLength(0);

    await fill(modal(), '6-digit code', '246810');
    await submitForm(modal());
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith(signedIn));
    expect(callsTo(seen, '/development/user/mfa/verify')[0]?.body).toMatchObject({
      method: 'phone',
      mfaToken: '246810',
      name: 'mfa@example.com',
    });
  });

  it('says when the code could not be sent', async () => {
    fakeApi({
      '/development/user/mfa/requestToken': () => failure(503, 'UNAVAILABLE', 'down'),
    });
    renderModal(challenge);
    await screen.findByRole('heading', { name: "Confirm it's you" });
    await submitForm(modal());
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(modal().querySelector('ion-input')).toBeNull();
  });

  it('closes with the close button or Back, signing nobody in', async () => {
    fakeApi({});
    const { onDismiss, onVerified } = renderModal(challenge);
    await screen.findByRole('heading', { name: "Confirm it's you" });
    await act(async () => {
      // Ionic moves the button's aria-label into its shadow root: the container's close control.
      fireEvent.click(modal().querySelector('.modal-container__close')!);
      await Promise.resolve();
    });
    expect(onDismiss).toHaveBeenCalledTimes(1);
    await act(async () => {
      fireEvent.click(screen.getByText('Back'));
      await Promise.resolve();
    });
    expect(onDismiss).toHaveBeenCalledTimes(2);
    expect(onVerified).not.toHaveBeenCalled();
  });
});
