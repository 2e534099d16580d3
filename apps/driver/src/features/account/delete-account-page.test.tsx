import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionExit } from '../../lib/session/end-session.ts';
import { getTokens } from '../../lib/session/token-store.ts';
import { testUser } from '../../test/fixtures.ts';
import { fill, isDisabled, submitForm } from '../../test/ionic-events.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { callsTo, json, stubServer } from '../../test/stub-server.ts';
import { DeleteAccountPage } from './delete-account-page.tsx';
import { findAlert, pressAlertButton } from '../../test/alerts.ts';
import { signedInAs } from '../../test/signed-in.ts';

const WORD_LABEL = 'Type the word "delete" to confirm';

let goToLogin: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  await signedInAs(testUser);
  goToLogin = vi.spyOn(sessionExit, 'goToLogin').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const deleteButton = () => screen.getByText('Delete my account').closest('ion-button')!;

describe('DeleteAccountPage (spec 000 §2, 001 §5)', () => {
  it('explains the consequences and deletes nothing until the word delete is typed', async () => {
    const seen = stubServer(() => json(500, {}));
    const { container } = renderWithRouter(<DeleteAccountPage />, '/delete-account');
    expect(screen.getByText('it cannot be undone.')).toBeTruthy();
    expect(isDisabled(deleteButton())).toBe(true);
    await fill(container, WORD_LABEL, 'deleted');
    expect(isDisabled(deleteButton())).toBe(true);
    await submitForm(container);
    expect(seen).toHaveLength(0);
  });

  it('accepts the word in any case, deletes, then signs out to /login after the alert', async () => {
    const seen = stubServer(() => json(200, { data: true }));
    const { container } = renderWithRouter(<DeleteAccountPage />, '/delete-account');
    await fill(container, WORD_LABEL, ' Delete ');
    expect(isDisabled(deleteButton())).toBe(false);
    await submitForm(container);

    const alert = await findAlert('Account deleted');
    expect(callsTo(seen, '/development/user/account/requestAccountDeletion')).toHaveLength(1);
    // Still signed in until the driver has read the alert.
    expect(goToLogin).not.toHaveBeenCalled();
    await pressAlertButton(alert, 'OK');
    await waitFor(() => expect(goToLogin).toHaveBeenCalledTimes(1));
    expect(await getTokens()).toBeNull();
  });

  it('shows why the server refused and stays on the page', async () => {
    stubServer(() => json(503, { message: 'Service unavailable', code: 'UNAVAILABLE' }));
    const { container } = renderWithRouter(<DeleteAccountPage />, '/delete-account');
    await fill(container, WORD_LABEL, 'delete');
    await submitForm(container);
    expect(await screen.findByText('Service unavailable')).toBeTruthy();
    expect(goToLogin).not.toHaveBeenCalled();
    expect(isDisabled(deleteButton())).toBe(false);
  });
});
