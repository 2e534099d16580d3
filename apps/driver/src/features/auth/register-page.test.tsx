import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REGISTRATION_MESSAGES_EN } from '@evc/domain';
import { namedPage, renderWithRouter } from '../../test/render-shell.tsx';
import { json, stubServer, type SeenRequest } from '../../test/stub-server.ts';
import { fill, ionControl, select, submitForm, tick } from '../../test/ionic-events.ts';
import { RegisterPage } from './register-page.tsx';
import { becomeGuest, reloadUser } from '../../lib/session/session-store.ts';
import { clearTokens } from '../../lib/session/token-store.ts';
import { tokenData } from '../../test/signed-in.ts';
import { testCurrency as currency } from '../../test/fixtures.ts';

const location = () => screen.getByTestId('location').textContent;
const path = (request: SeenRequest) => new URL(request.url).pathname;
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Reference data as the server answers it; /startRegistration answers `registration`. */
function referenceServer(
  registration: () => Response = () => json(200, { data: { email: 'rhiannon@example.com' } }),
) {
  return stubServer((request) => {
    switch (path(request)) {
      case '/api/getAllCountries':
        return json(200, {
          data: [
            { code: 'GB', name: 'United Kingdom', helpline: null },
            { code: 'IE', name: 'Ireland', helpline: null },
          ],
        });
      case '/api/getAllCurrencies':
        return json(200, {
          data: [
            currency('EUR', 'Euro', '€'),
            currency('GBP', 'British Pound', '£'),
            currency('NOK', 'Norwegian Krone', 'kr'),
            currency('USD', 'US Dollar', '$'),
          ],
        });
      case '/api/startRegistration':
        return registration();
      default:
        return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    }
  });
}

function renderRegister() {
  return renderWithRouter(
    <Routes>
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/email-sent" element={namedPage('E-mail sent')()} />
    </Routes>,
    '/register',
  );
}

async function fillEverything(container: HTMLElement) {
  await fill(container, 'First name', 'Rhiannon');
  await fill(container, 'Last name', 'Evans');
  await fill(container, 'E-mail address', 'Rhiannon@Example.com');
  await fill(container, 'Phone number', '+44 7700 900456');
  await fill(container, 'Password', 'Glas-Mynydd-Taith-2026');
  await fill(container, 'Confirm password', 'Glas-Mynydd-Taith-2026');
  await fill(container, 'House number or name, street', '12 Heol y Castell');
  await fill(container, 'City', 'Cardiff');
  await fill(container, 'Post code', 'CF10 1BJ');
  fireEvent.click(screen.getByRole('radio', { name: '£ Pound' }));
  await tick(ionControl(container, 'ion-checkbox', 'I accept the terms and conditions'));
  await tick(ionControl(container, 'ion-checkbox', 'I accept the privacy policy'));
}

/** The messages shown beneath one field. */
function messagesUnder(container: HTMLElement, label: string): string[] {
  const field = ionControl(container, 'ion-input', label).parentElement;
  return [...(field?.querySelectorAll('.field-error') ?? [])].map(
    (element) => element.textContent ?? '',
  );
}

describe('RegisterPage (spec 000 §4, 001 §5)', () => {
  it('names every missing field with the spec wording, beside its field, and does not call the server', async () => {
    const seen = referenceServer();
    const { container } = renderRegister();
    await submitForm(container);
    await screen.findByText('Please enter your First Line of Address.');
    for (const key of [
      'register.errors.address',
      'register.errors.city',
      'register.errors.postcode',
      'register.errors.phone',
      'register.errors.email',
      'register.errors.privacy',
      'register.errors.terms',
      'register.errors.weakPassword',
    ] as const) {
      expect(screen.getByText(REGISTRATION_MESSAGES_EN[key])).toBeTruthy();
    }
    expect(screen.getByText('Please enter your first and last name.')).toBeTruthy();
    expect(messagesUnder(container, 'City')).toEqual(['Please enter your City.']);
    expect(messagesUnder(container, 'Post code')).toEqual(['Please enter your Post Code.']);
    expect(messagesUnder(container, 'E-mail address')).toEqual([
      'Please Enter your email address.',
    ]);
    expect(screen.getByText('Please correct the highlighted fields.')).toBeTruthy();
    // The brand's default country and currency are preselected, so no message for them.
    expect(screen.queryByText('Please Select your Country.')).toBeNull();
    expect(screen.queryByText('Please Select your Currency.')).toBeNull();
    expect(seen.some((request) => path(request) === '/api/startRegistration')).toBe(false);
  });

  it("preselects the brand's default currency (issue 19)", () => {
    referenceServer();
    renderRegister();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '£ Pound' }).checked).toBe(true);
  });

  it('offers pound, US dollar, euro and other; other lists the remaining currencies', async () => {
    referenceServer();
    const { container } = renderRegister();
    for (const name of ['£ Pound', '$ US dollar', '€ Euro', 'Other']) {
      expect(screen.getByRole('radio', { name })).toBeTruthy();
    }
    fireEvent.click(screen.getByRole('radio', { name: 'Other' }));
    await waitFor(() => expect(screen.getByText('Norwegian Krone (kr)')).toBeTruthy());
    expect(screen.queryByText('British Pound (£)')).toBeNull();
    await submitForm(container);
    expect(await screen.findByText('Please Select your Currency.')).toBeTruthy();
  });

  it('rejects a weak password and a mismatched confirmation under their fields', async () => {
    referenceServer();
    const { container } = renderRegister();
    await fillEverything(container);
    await fill(container, 'Password', 'rhiannon1');
    await fill(container, 'Confirm password', 'rhiannon2');
    await submitForm(container);
    await waitFor(() =>
      expect(messagesUnder(container, 'Confirm password')).toEqual([
        'Your passwords do not match.',
      ]),
    );
    expect(screen.getByText('Weak password: add symbols or numbers.')).toBeTruthy();
  });

  it('sends the whole form and goes to the e-mail-sent page', async () => {
    const seen = referenceServer();
    const { container } = renderRegister();
    await waitFor(() =>
      expect(seen.some((request) => path(request) === '/api/getAllCountries')).toBe(true),
    );
    await fillEverything(container);
    await select(ionControl(container, 'ion-select', 'Country'), 'IE');
    await submitForm(container);
    await waitFor(() => expect(location()).toBe('/email-sent?email=rhiannon%40example.com'));
    const sent = seen.filter((request) => path(request) === '/api/startRegistration');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      user: {
        first_name: 'Rhiannon',
        last_name: 'Evans',
        email: 'rhiannon@example.com',
        password: 'Glas-Mynydd-Taith-2026',
        phone_number: '+44 7700 900456',
        address: {
          line1: '12 Heol y Castell',
          line2: '',
          city: 'Cardiff',
          postcode: 'CF10 1BJ',
          country: 'IE',
        },
        preferredCurrency: 'GBP',
        language: 'en',
        acceptedTerms: true,
        acceptedPrivacy: true,
      },
    });
  });

  it('a guest who registers sends its guest code, so its charges move to the account (issue 15)', async () => {
    await act(() => becomeGuest('G-ABCDEFGH12', tokenData('guest')));
    const seen = referenceServer();
    const { container } = renderRegister();
    expect(
      await screen.findByText('You are registering from the guest code G-ABCDEFGH12', {
        exact: false,
      }),
    ).toBeTruthy();
    await fillEverything(container);
    await submitForm(container);
    await waitFor(() => expect(location()).toBe('/email-sent?email=rhiannon%40example.com'));
    const [sent] = seen.filter((request) => path(request) === '/api/startRegistration');
    expect(sent?.body).toMatchObject({ guestCode: 'G-ABCDEFGH12' });
    await act(async () => {
      await clearTokens();
      await reloadUser();
    });
  });

  it('shows the server’s refusal beside the field it is about', async () => {
    referenceServer(() =>
      json(400, {
        message: 'Weak password: add symbols or numbers',
        code: 'WEAK_PASSWORD',
        field: 'user.password',
      }),
    );
    const { container } = renderRegister();
    await fillEverything(container);
    await submitForm(container);
    await waitFor(() =>
      expect(messagesUnder(container, 'Password')).toEqual([
        'Weak password: add symbols or numbers.',
      ]),
    );
    expect(location()).toBe('/register');
  });

  it.each([
    ['City', 100],
    ['Last name', 100],
    ['Post code', 20],
  ])('says how long %s may be, beside it, without calling the server', async (label, max) => {
    const seen = referenceServer();
    const { container } = renderRegister();
    await fillEverything(container);
    await fill(container, label, 'x'.repeat(max + 1));
    await submitForm(container);
    await waitFor(() =>
      expect(messagesUnder(container, label)).toEqual([`Please use at most ${max} characters.`]),
    );
    expect(seen.some((request) => path(request) === '/api/startRegistration')).toBe(false);
  });

  it('places a server validation answer under the field it names', async () => {
    referenceServer(() =>
      json(400, {
        message: 'user.phone_number: Please enter your Phone Number',
        code: 'VALIDATION',
        field: 'user.phone_number',
      }),
    );
    const { container } = renderRegister();
    await fillEverything(container);
    await submitForm(container);
    await waitFor(() =>
      expect(messagesUnder(container, 'Phone number')).toEqual(['Please enter your Phone Number.']),
    );
  });

  it.each([
    ['user.first_name', 'First name', 'Please enter your First Name.'],
    ['user.address.city', 'City', 'Please enter your City.'],
  ])('shows the words of a refusal of %s without the field’s name', async (field, label, words) => {
    referenceServer(() => json(400, { message: `${field}: ${words}`, code: 'VALIDATION', field }));
    const { container } = renderRegister();
    await fillEverything(container);
    await submitForm(container);
    await waitFor(() => expect(messagesUnder(container, label)).toEqual([words]));
    expect(container.textContent).not.toContain(`${field}:`);
  });
});
