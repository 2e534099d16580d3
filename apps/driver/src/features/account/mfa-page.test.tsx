import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MfaMethod, MfaOption, User } from '@evc/contract';
import { getTokens } from '../../lib/session/token-store.ts';
import { testUser } from '../../test/fixtures.ts';
import { fill, submitForm } from '../../test/ionic-events.ts';
import { namedPage, renderWithRouter } from '../../test/render-shell.tsx';
import { apiPath, callsTo, json, type SeenRequest, stubServer } from '../../test/stub-server.ts';
import { i18n } from '../../lib/i18n.ts';
import { MfaPage } from './mfa-page.tsx';
import { findAlert, pressAlertButton } from '../../test/alerts.ts';
import { signedInAs, tokenData } from '../../test/signed-in.ts';

const HINTS: Record<MfaMethod, string> = {
  email: 'd***@example.com',
  phone: '+44 ••• 123',
  app: 'Authenticator app',
};

/**
 * A server keeping the user's methods the way the real one does: the first verified method is
 * the default, removing the default makes the oldest remaining one the default, and a set-up
 * is confirmed by the code 123456.
 */
function mfaServer(
  initial: MfaOption[],
  options: {
    upgradeTo?: string;
    /** How the n-th call to a path fails: no answer at all, or a refusal; null answers. */
    fail?: (path: string, nth: number) => 'offline' | 'refused' | null;
  } = {},
) {
  let methods = initial;
  const calls = new Map<string, number>();
  const seen = stubServer((request: SeenRequest) => {
    const nth = (calls.get(apiPath(request)) ?? 0) + 1;
    calls.set(apiPath(request), nth);
    const outcome = options.fail?.(apiPath(request), nth) ?? null;
    if (outcome === 'offline') throw new TypeError('Failed to fetch');
    if (outcome === 'refused') return json(429, { message: 'Too many', code: 'RATE_LIMITED' });
    const body = request.body as { method?: MfaMethod; code?: string } | undefined;
    switch (apiPath(request)) {
      case '/development/user/mfa/methods':
        return json(200, { data: methods });
      case '/development/user/mfa/setup':
        return json(200, {
          data:
            body?.method === 'app'
              ? {
                  method: 'app',
                  secret: 'JBSWY3DPEHPK3PXP',
                  otpauthUrl: 'otpauth://totp/EV%20Charge:driver?secret=JBSWY3DPEHPK3PXP',
                  qrDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
                }
              : { method: body?.method },
        });
      case '/development/user/mfa/setup/confirm':
        if (body?.code !== '123456')
          return json(401, {
            message: 'Your 6 digit code was not recognised',
            code: 'MFA_CODE_INVALID',
          });
        methods = [
          ...methods,
          { method: body.method!, isDefault: methods.length === 0, hint: HINTS[body.method!] },
        ];
        return json(200, {
          data: {
            methods,
            ...(options.upgradeTo
              ? { user: { token: options.upgradeTo, tokenData: tokenData(options.upgradeTo) } }
              : {}),
          },
        });
      case '/development/user/mfa/default':
        methods = methods.map((option) => ({
          ...option,
          isDefault: option.method === body?.method,
        }));
        return json(200, { data: methods });
      case '/development/user/mfa/remove': {
        const removed = methods.find((option) => option.method === body?.method);
        methods = methods.filter((option) => option !== removed);
        if (removed?.isDefault && methods[0]) methods[0] = { ...methods[0], isDefault: true };
        return json(200, { data: methods });
      }
      case '/userdata':
        return json(200, { data: { ...testUser, mfa: { required: false, methods } } });
      default:
        return json(404, { message: 'not found', code: 'NOT_FOUND' });
    }
  });
  return seen;
}

function renderPage() {
  return renderWithRouter(
    <Routes>
      <Route path="/mfa" element={<MfaPage />} />
      <Route path="/home" element={namedPage('Home')()} />
    </Routes>,
    '/mfa',
  );
}

/** The row of the list showing this method, e.g. 'E-mail'. */
const row = (label: string) => screen.getByText(label, { selector: 'h3' }).closest('li')!;
const defaultMethod = () => screen.getByText('Default').closest('h3')?.firstChild?.textContent;

async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
    await Promise.resolve();
  });
}

beforeEach(async () => {
  await signedInAs(testUser);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MfaPage: managing methods (spec 001 §4)', () => {
  it('makes a method the default and removes the default after a confirmation', async () => {
    const seen = mfaServer([
      { method: 'email', isDefault: true, hint: HINTS.email },
      { method: 'app', isDefault: false, hint: HINTS.app },
    ]);
    renderPage();
    expect(await screen.findByText(HINTS.email)).toBeTruthy();
    expect(defaultMethod()).toBe('E-mail');

    await click(within(row('Authenticator app')).getByText('Make default'));
    await waitFor(() => expect(defaultMethod()).toBe('Authenticator app'));
    expect(callsTo(seen, '/development/user/mfa/default').map((r) => r.body)).toEqual([
      { method: 'app' },
    ]);

    // Cancelling the confirmation removes nothing.
    await click(within(row('Authenticator app')).getByText('Remove'));
    await pressAlertButton(await findAlert('Remove Authenticator app?'), 'Cancel');
    expect(callsTo(seen, '/development/user/mfa/remove')).toHaveLength(0);

    await click(within(row('Authenticator app')).getByText('Remove'));
    const alert = await findAlert('Remove Authenticator app?');
    expect(alert.message).toContain('Another of your methods will become the default.');
    await pressAlertButton(alert, 'Remove');
    await waitFor(() =>
      expect(screen.queryByText('Authenticator app', { selector: 'h3' })).toBeNull(),
    );
    // The server made the remaining method the default; the page shows its answer.
    expect(defaultMethod()).toBe('E-mail');
    expect(callsTo(seen, '/development/user/mfa/remove').map((r) => r.body)).toEqual([
      { method: 'app' },
    ]);
    // Only methods not set up yet are offered.
    expect(screen.getByLabelText('Authenticator app')).toBeTruthy();
    expect(screen.queryByLabelText('E-mail')).toBeNull();
  });

  it('shows the server refusing to remove the only method of an account that needs one', async () => {
    stubServer((request) =>
      apiPath(request) === '/development/user/mfa/remove'
        ? json(400, {
            message: 'Your account requires multi-factor authentication',
            code: 'MFA_METHOD_REQUIRED',
          })
        : json(200, { data: [{ method: 'email', isDefault: true, hint: HINTS.email }] }),
    );
    renderPage();
    await click(within(await waitFor(() => row('E-mail'))).getByText('Remove'));
    await pressAlertButton(await findAlert('Remove E-mail?'), 'Remove');
    expect(
      await screen.findByText(
        'Failed to remove the method. Your account needs a second sign-in step: add another method before removing this one.',
      ),
    ).toBeTruthy();
    expect(row('E-mail')).toBeTruthy();
  });
});

describe('MfaPage: setting up a method (spec 001 §4, §5)', () => {
  it('sends an e-mail code, checks it has 6 digits, and lists the method once confirmed', async () => {
    const seen = mfaServer([]);
    const { container } = renderPage();
    expect(
      await screen.findByText('Two-step sign-in is off. Add a method below to turn it on.'),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('E-mail').checked).toBe(true);
    await submitForm(container);
    expect(await screen.findByText(/We have sent you a code/)).toBeTruthy();
    expect(callsTo(seen, '/development/user/mfa/setup').map((r) => r.body)).toEqual([
      { method: 'email' },
    ]);

    await click(screen.getByText('Send a new code'));
    await waitFor(() => expect(callsTo(seen, '/development/user/mfa/setup')).toHaveLength(2));

    await fill(container, '6-digit code', '12345');
    await submitForm(container);
    expect(screen.getByText('Your 6 digit code was not recognised')).toBeTruthy();
    expect(callsTo(seen, '/development/user/mfa/setup/confirm')).toHaveLength(0);

    await fill(container, '6-digit code', '654321');
    await submitForm(container);
    await waitFor(() =>
      expect(callsTo(seen, '/development/user/mfa/setup/confirm').length).toBeGreaterThan(0),
    );
    expect(
      await screen.findByText('Failed to authenticate. Your 6 digit code was not recognised'),
    ).toBeTruthy();
    expect(callsTo(seen, '/development/user/mfa/setup/confirm').map((r) => r.body)).toContainEqual({
      method: 'email',
      code: '654321',
    });

    await fill(container, '6-digit code', '123456');
    await submitForm(container);
    const alert = await findAlert('Authenticated');
    expect(alert.message).toBe('E-mail is now set up for signing in.');
    await pressAlertButton(alert, 'OK');
    expect(defaultMethod()).toBe('E-mail');
    expect(screen.getByText(HINTS.email)).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/mfa');
  });

  it('texts a code to a valid phone number only', async () => {
    const seen = mfaServer([]);
    const { container } = renderPage();
    await click(await screen.findByLabelText('Text message'));
    await fill(container, 'Phone number', 'call me');
    await submitForm(container);
    expect(screen.getByText('Please enter your Phone Number.')).toBeTruthy();
    expect(callsTo(seen, '/development/user/mfa/setup')).toHaveLength(0);

    await fill(container, 'Phone number', '+44 7700 900456');
    await submitForm(container);
    await waitFor(() =>
      expect(callsTo(seen, '/development/user/mfa/setup').map((r) => r.body)).toEqual([
        { method: 'phone', phone_number: '+44 7700 900456' },
      ]),
    );
  });

  it('shows the authenticator app QR code and a key that can be copied', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const seen = mfaServer([{ method: 'email', isDefault: true, hint: HINTS.email }]);
    const { container } = renderPage();
    await click(await screen.findByLabelText('Authenticator app'));
    await submitForm(container);
    const qr = await screen.findByAltText<HTMLImageElement>('QR code for your authenticator app');
    expect(qr.src).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(screen.queryByText('Send a new code')).toBeNull();

    await click(screen.getByText('Copy key'));
    expect(writeText).toHaveBeenCalledWith('JBSWY3DPEHPK3PXP');
    expect(await screen.findByText('Key copied.')).toBeTruthy();

    writeText.mockRejectedValueOnce(new Error('denied'));
    await click(screen.getByText('Copy key'));
    expect(await screen.findByText('Failed to copy text')).toBeTruthy();

    await fill(container, '6-digit code', '123456');
    await submitForm(container);
    await pressAlertButton(await findAlert('Authenticated'), 'OK');
    expect(row('Authenticator app')).toBeTruthy();
    expect(defaultMethod()).toBe('E-mail');
    expect(callsTo(seen, '/development/user/mfa/setup/confirm').map((r) => r.body)).toEqual([
      { method: 'app', code: '123456' },
    ]);
  });
});

describe('MfaPage: each failure says what failed (spec 001 §8)', () => {
  /** Every call to `path` goes unanswered (no connection) or is refused; the rest as usual. */
  const failing = (path: string, outcome: 'offline' | 'refused') =>
    mfaServer(
      [
        { method: 'email', isDefault: true, hint: HINTS.email },
        { method: 'phone', isDefault: false, hint: HINTS.phone },
      ],
      { fail: (called) => (called === path ? outcome : null) },
    );
  const RATE_LIMITED = 'Too many attempts. Please wait a few minutes and try again.';

  it.each([
    [
      'set default',
      '/development/user/mfa/default',
      'offline',
      'Failed to set the default. No Internet Connection',
    ],
    [
      'remove',
      '/development/user/mfa/remove',
      'refused',
      `Failed to remove the method. ${RATE_LIMITED}`,
    ],
  ] as const)('%s: %j', async (action, path, answer, words) => {
    failing(path, answer);
    renderPage();
    const phone = await waitFor(() => row('Text message'));
    if (action === 'set default') {
      await click(within(phone).getByText('Make default'));
    } else {
      await click(within(phone).getByText('Remove'));
      await pressAlertButton(await findAlert('Remove Text message?'), 'Remove');
    }
    expect(await screen.findByText(words)).toBeTruthy();
    expect(row('Text message')).toBeTruthy();
  });

  it('says a code could not be sent, then could not be sent again', async () => {
    const server = mfaServer([], {
      fail: (path, nth) => (path === '/development/user/mfa/setup' && nth !== 2 ? 'offline' : null),
    });
    const { container } = renderPage();
    await screen.findByLabelText('E-mail');
    await submitForm(container);
    expect(await screen.findByText('Send code failed. No Internet Connection')).toBeTruthy();
    await submitForm(container);
    expect(await screen.findByText(/We have sent you a code/)).toBeTruthy();
    await click(screen.getByText('Send a new code'));
    expect(await screen.findByText('Resend code failed. No Internet Connection')).toBeTruthy();
    expect(callsTo(server, '/development/user/mfa/setup')).toHaveLength(3);
  });

  it('says the authenticator app could not be set up', async () => {
    failing('/development/user/mfa/setup', 'refused');
    const { container } = renderPage();
    await click(await screen.findByLabelText('Authenticator app'));
    await submitForm(container);
    expect(await screen.findByText(`Error setting up MFA. ${RATE_LIMITED}`)).toBeTruthy();
  });

  it('words each failure in French too', async () => {
    failing('/development/user/mfa/default', 'offline');
    await act(() => i18n.changeLanguage('fr'));
    try {
      renderPage();
      const phone = await waitFor(() => screen.getByText('SMS', { selector: 'h3' }).closest('li')!);
      await click(within(phone).getByText('Définir par défaut'));
      expect(
        await screen.findByText(
          'Impossible de définir la méthode par défaut. Pas de connexion Internet',
        ),
      ).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});

describe('MfaPage: enforced set-up (docs/decisions/0001)', () => {
  it('asks for a first method, then takes the full session and goes home', async () => {
    const mustSetUp: User = { ...testUser, mfa: { required: true, methods: [] } };
    await signedInAs(mustSetUp);
    mfaServer([], { upgradeTo: 'full-access' });
    const { container } = renderPage();
    expect(
      await screen.findByText(
        'Your account must use a second sign-in step. Set up at least one method to continue.',
      ),
    ).toBeTruthy();
    await screen.findByLabelText('E-mail');
    await submitForm(container);
    await screen.findByText(/We have sent you a code/);
    await fill(container, '6-digit code', '123456');
    await submitForm(container);
    await pressAlertButton(await findAlert('Authenticated'), 'OK');
    expect(await screen.findByText('Home')).toBeTruthy();
    expect((await getTokens())?.auth.token).toBe('full-access');
  });
});
