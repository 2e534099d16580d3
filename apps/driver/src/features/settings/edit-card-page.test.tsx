import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Card } from '@evc/contract';
import { testCard, testUser } from '../../test/fixtures.ts';
import { fill, ionControl, submitForm } from '../../test/ionic-events.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { callsTo, json, stubServer } from '../../test/stub-server.ts';
import { EditCardPage } from './edit-card-page.tsx';
import { signedInAs } from '../../test/signed-in.ts';
import { answers } from './test-support.ts';

const card: Card = testCard({ id: 'pm_1', exp_year: 2031, funding: 'debit' });

const countries = [{ code: 'GB', name: 'United Kingdom', helpline: null }];
const updatePath = '/development/stripe/paymentMethod/update';

const inputValue = (container: HTMLElement, label: string) =>
  (ionControl(container, 'ion-input', label) as HTMLElement & { value?: string }).value;

afterEach(() => vi.unstubAllGlobals());
beforeEach(async () => {
  await signedInAs(testUser);
});

describe('EditCardPage (spec 000 §2 edit-card)', () => {
  it("starts a card without billing details from the driver's own, and saves the change", async () => {
    const saved = {
      ...card,
      name: 'Dana Driver',
      address_line1: '9 Mill Lane',
      address_city: 'Leeds',
      address_postal_code: 'LS1 1AA',
      address_country: 'GB',
    };
    const seen = stubServer(
      answers({
        '/development/stripe/paymentMethod': card,
        '/getAllCountries': countries,
        [updatePath]: saved,
      }),
    );
    const { container } = renderWithRouter(<EditCardPage />, '/edit-card?id=pm_1');
    expect(await screen.findByText('ending 4242')).toBeTruthy();
    expect(screen.getByText('Expires 04/2031')).toBeTruthy();
    expect(inputValue(container, 'Name on card')).toBe('Dana Driver');
    expect(inputValue(container, 'City')).toBe('Leeds');
    await fill(container, 'House number or name, street', '9 Mill Lane');
    await submitForm(container);
    expect(await screen.findByText('Your card is saved.')).toBeTruthy();
    const [asked] = callsTo(seen, '/development/stripe/paymentMethod');
    expect(new URL(asked?.url ?? '').searchParams.get('pm_id')).toBe('pm_1');
    expect(callsTo(seen, updatePath).map((request) => request.body)).toEqual([
      {
        pm_id: 'pm_1',
        name: 'Dana Driver',
        address_line1: '9 Mill Lane',
        address_city: 'Leeds',
        address_postal_code: 'LS1 1AA',
        address_country: 'GB',
      },
    ]);
  });

  it('shows a refused field beside it', async () => {
    stubServer(
      answers({
        '/development/stripe/paymentMethod': { ...card, name: 'D Driver' },
        '/getAllCountries': countries,
        [updatePath]: () =>
          json(400, {
            message: 'address_postal_code: Please enter your Post Code',
            code: 'VALIDATION',
            field: 'address_postal_code',
          }),
      }),
    );
    const { container } = renderWithRouter(<EditCardPage />, '/edit-card?id=pm_1');
    await screen.findByText('ending 4242');
    await submitForm(container);
    const field = ionControl(container, 'ion-input', 'Post code').parentElement;
    await waitFor(() =>
      expect(field?.querySelector('.field-error')?.textContent).toBe('Please enter your Post Code'),
    );
  });

  it('says how long the name on the card may be, without calling the server', async () => {
    const seen = stubServer(
      answers({ '/development/stripe/paymentMethod': card, '/getAllCountries': countries }),
    );
    const { container } = renderWithRouter(<EditCardPage />, '/edit-card?id=pm_1');
    await screen.findByText('ending 4242');
    await fill(container, 'Name on card', 'x'.repeat(101));
    await submitForm(container);
    const field = ionControl(container, 'ion-input', 'Name on card').parentElement;
    await waitFor(() =>
      expect(field?.querySelector('.field-error')?.textContent).toBe(
        'Please use at most 100 characters.',
      ),
    );
    expect(callsTo(seen, updatePath)).toHaveLength(0);
  });

  it("says so when the card is not the driver's", async () => {
    stubServer(
      answers({
        '/development/stripe/paymentMethod': () =>
          json(404, { message: 'Card Not Found', code: 'CARD_NOT_FOUND' }),
      }),
    );
    renderWithRouter(<EditCardPage />, '/edit-card?id=pm_other');
    expect(await screen.findByText('Card Not Found')).toBeTruthy();
    expect(screen.queryByText('Save card')).toBeNull();
  });

  it('says so when no card was chosen', async () => {
    const seen = stubServer(answers({}));
    renderWithRouter(<EditCardPage />, '/edit-card');
    expect(await screen.findByText('No card was chosen.')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });
});
