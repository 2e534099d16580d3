import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@evc/contract';
import { getSession } from '../../lib/session/session-store.ts';
import { testUser } from '../../test/fixtures.ts';
import { fill, ionControl, select, submitForm } from '../../test/ionic-events.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { callsTo, json, type SeenRequest, stubServer } from '../../test/stub-server.ts';
import { EditUserPage } from './edit-user-page.tsx';
import { signedInAs } from '../../test/signed-in.ts';
import { answers, leaf, model3 } from './test-support.ts';

const euro = { ...testUser.preferredCurrency, _id: 'c2', code: 'EUR', name: 'Euro', symbol: '€' };
const reference = {
  '/getCarTypes': [model3, leaf],
  '/getAllCurrencies': [testUser.preferredCurrency, euro],
  '/getAllCountries': [
    { code: 'IE', name: 'Ireland', helpline: null },
    { code: 'GB', name: 'United Kingdom', helpline: null },
  ],
};

const updatePath = '/development/user/update/u1';

afterEach(() => vi.unstubAllGlobals());
beforeEach(async () => {
  await signedInAs({ ...testUser, car_type: leaf });
});

function chooseCar(label: string) {
  const option = screen.getByText(label).closest('label');
  const radio = option?.querySelector('input');
  if (!radio) throw new Error(`no car ${label}`);
  act(() => {
    fireEvent.click(radio);
  });
}

const fieldErrors = (container: HTMLElement, tag: string, label: string) =>
  [
    ...(ionControl(container, tag, label).parentElement?.querySelectorAll('.field-error') ?? []),
  ].map((element) => element.textContent);

describe('EditUserPage (spec 000 §2 edit-user)', () => {
  it('offers the cars with their pictures, sorted by make, with the current one chosen', async () => {
    stubServer(answers(reference));
    renderWithRouter(<EditUserPage />, '/edit-user');
    await screen.findByText('Tesla Model 3');
    const options = [...document.querySelectorAll('.car-option')];
    expect(options.map((option) => option.querySelector('.car-option__name')?.textContent)).toEqual(
      ['Nissan Leaf', 'Tesla Model 3', 'No car'],
    );
    expect(options[0]?.querySelector('img')?.getAttribute('src')).toBe(leaf.image);
    expect(options[0]?.querySelector('input')?.checked).toBe(true);
    expect(screen.getByText('4.2 miles per kWh')).toBeTruthy();
  });

  it('saves the name, phone, address, currency and car with updateUser and keeps the answer', async () => {
    const updated: User = {
      ...testUser,
      first_name: 'Dee',
      car_type: model3,
      preferredCurrency: euro,
    };
    const seen = stubServer(
      answers({
        ...reference,
        [updatePath]: updated,
        '/getUserBalance': { balance: 0, currency: euro },
      }),
    );
    const { container } = renderWithRouter(<EditUserPage />, '/edit-user');
    await screen.findByText('Tesla Model 3');
    await fill(container, 'First name', 'Dee');
    await fill(container, 'City', 'York');
    await select(ionControl(container, 'ion-select', 'Preferred currency'), 'EUR');
    chooseCar('Tesla Model 3');
    await submitForm(container);
    expect(await screen.findByText('Your details are saved.')).toBeTruthy();
    const [patch] = callsTo(seen, updatePath) as [SeenRequest];
    expect(patch.method).toBe('PATCH');
    expect(patch.body).toEqual({
      fields: {
        first_name: 'Dee',
        last_name: 'Driver',
        phone_number: '+44 7700 900123',
        address: {
          line1: '1 High Street',
          line2: '',
          city: 'York',
          postcode: 'LS1 1AA',
          country: 'GB',
        },
        preferredCurrency: 'EUR',
        car_type: 'car-m3',
      },
    });
    expect(getSession().user?.first_name).toBe('Dee');
    expect(getSession().user?.car_type?._id).toBe('car-m3');
  });

  it('can clear the car', async () => {
    const seen = stubServer(
      answers({ ...reference, [updatePath]: { ...testUser, car_type: null } }),
    );
    const { container } = renderWithRouter(<EditUserPage />, '/edit-user');
    await screen.findByText('No car');
    chooseCar('No car');
    await submitForm(container);
    await screen.findByText('Your details are saved.');
    expect(
      (callsTo(seen, updatePath)[0]?.body as { fields: { car_type: unknown } }).fields.car_type,
    ).toBeNull();
  });

  it("shows the server's 400 beside the field it names", async () => {
    stubServer(
      answers({
        ...reference,
        [updatePath]: () =>
          json(400, {
            message: 'fields.phone_number: Please enter your Phone Number',
            code: 'VALIDATION',
            field: 'fields.phone_number',
          }),
      }),
    );
    const { container } = renderWithRouter(<EditUserPage />, '/edit-user');
    await screen.findByText('Tesla Model 3');
    await submitForm(container);
    await waitFor(() =>
      expect(fieldErrors(container, 'ion-input', 'Phone number')).toEqual([
        'Please enter your Phone Number',
      ]),
    );
    expect(screen.queryByText('Your details are saved.')).toBeNull();
  });

  it('shows a refused currency change (credit held, issue 19) under the currency, in its own words', async () => {
    stubServer(
      answers({
        ...reference,
        [updatePath]: () =>
          json(409, {
            message: 'Currency Not Changed: your balance stays in the currency it was bought in',
            code: 'CURRENCY_CHANGE_WITH_BALANCE',
            field: 'fields.preferredCurrency',
          }),
      }),
    );
    const { container } = renderWithRouter(<EditUserPage />, '/edit-user');
    await screen.findByText('Tesla Model 3');
    await select(ionControl(container, 'ion-select', 'Preferred currency'), 'EUR');
    await submitForm(container);
    await waitFor(() =>
      expect(fieldErrors(container, 'ion-select', 'Preferred currency')).toEqual([
        "Your currency can't be changed while you have credit or owe an amount: your balance stays in the currency it was bought in. You can change currency once your balance is zero.",
      ]),
    );
    expect(getSession().user?.preferredCurrency.code).toBe('GBP');
    expect(screen.queryByText('Your details are saved.')).toBeNull();
  });

  it('shows the currency kept again after a refused change, the refusal staying until an edit', async () => {
    stubServer(
      answers({
        ...reference,
        [updatePath]: () =>
          json(409, {
            message: 'Currency Not Changed: your balance stays in the currency it was bought in',
            code: 'CURRENCY_CHANGE_WITH_BALANCE',
            field: 'fields.preferredCurrency',
          }),
      }),
    );
    const { container } = renderWithRouter(<EditUserPage />, '/edit-user');
    await screen.findByText('Tesla Model 3');
    const currency = ionControl(container, 'ion-select', 'Preferred currency');
    const shown = () => (currency as Element & { value?: unknown }).value;
    await select(currency, 'EUR');
    await waitFor(() => expect(shown()).toBe('EUR'));
    await submitForm(container);
    await waitFor(() =>
      expect(fieldErrors(container, 'ion-select', 'Preferred currency')).toHaveLength(1),
    );
    expect(shown()).toBe('GBP');
    // Another field's edit leaves the currency's refusal where it is; the currency's own clears it.
    await fill(container, 'City', 'Cork');
    expect(fieldErrors(container, 'ion-select', 'Preferred currency')).toHaveLength(1);
    await select(currency, 'EUR');
    await waitFor(() =>
      expect(fieldErrors(container, 'ion-select', 'Preferred currency')).toEqual([]),
    );
  });

  it.each([
    ['in credit (stored negative, spec 000 §3)', -1000, '£10.00'],
    ['owing (stored positive)', 550, '-£5.50'],
  ])(
    'says before saving that the currency stays while money is on the balance, %s (issue 19)',
    async (_case, stored, shown) => {
      stubServer(
        answers({
          ...reference,
          '/getUserBalance': { balance: stored, currency: testUser.preferredCurrency },
        }),
      );
      renderWithRouter(<EditUserPage />, '/edit-user');
      expect(
        await screen.findByText(
          `Your balance of ${shown} is in GBP: you can change currency once it is zero.`,
        ),
      ).toBeTruthy();
    },
  );

  it.each([
    ['First name', 100],
    ['City', 100],
    ['House number or name, street', 200],
  ])('says how long %s may be, beside it, without calling the server', async (label, max) => {
    const seen = stubServer(answers(reference));
    const { container } = renderWithRouter(<EditUserPage />, '/edit-user');
    await screen.findByText('Tesla Model 3');
    await fill(container, label, 'x'.repeat(max + 1));
    await submitForm(container);
    await waitFor(() =>
      expect(fieldErrors(container, 'ion-input', label)).toEqual([
        `Please use at most ${max} characters.`,
      ]),
    );
    expect(callsTo(seen, updatePath)).toHaveLength(0);
  });

  it('refuses an emptied field beside it without calling the server', async () => {
    const seen = stubServer(answers(reference));
    const { container } = renderWithRouter(<EditUserPage />, '/edit-user');
    await screen.findByText('Tesla Model 3');
    await fill(container, 'City', '   ');
    await submitForm(container);
    await waitFor(() =>
      expect(fieldErrors(container, 'ion-input', 'City')).toEqual(['Please enter your City']),
    );
    expect(callsTo(seen, updatePath)).toHaveLength(0);
  });
});
