import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testCard, testUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { findAlert, pressAlertButton } from '../../test/alerts.ts';
import { signedInAs } from '../../test/signed-in.ts';
import { callsTo, fakeApi, ok } from '../../test/stub-server.ts';
import { ManagePaymentsPage } from './manage-payments-page.tsx';

const visa = testCard();
const fuel = testCard({
  id: 'pm_fuel',
  brand: 'mastercard',
  last4: '4444',
  source: 'FUELCARD',
  default: false,
  exp_month: 11,
});

beforeEach(async () => {
  await signedInAs(testUser);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function row(cardId: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(`[data-card="${cardId}"]`);
  if (!found) throw new Error(`no card ${cardId}`);
  return found;
}

/** The row's delete button (Ionic hands its aria-label to the inner native button). */
function deleteButton(cardId: string): HTMLElement {
  const button = row(cardId).querySelector<HTMLElement>('ion-button[color="danger"]');
  if (!button) throw new Error(`no delete button for ${cardId}`);
  return button;
}

describe('ManagePaymentsPage (spec 000 §2)', () => {
  it('lists each card with brand, last four, expiry, fuel card and the default', async () => {
    fakeApi({ '/listCards': () => ok([visa, fuel]) });
    renderWithRouter(<ManagePaymentsPage />, '/manage-payments');
    expect(await screen.findByText('Visa •••• 4242')).toBeTruthy();
    expect(within(row('pm_visa')).getByText('Default')).toBeTruthy();
    expect(within(row('pm_fuel')).getByText('Expires 11/2030 · Fuel card')).toBeTruthy();
  });

  it('links each card to its billing details page', async () => {
    fakeApi({ '/listCards': () => ok([visa, fuel]) });
    renderWithRouter(<ManagePaymentsPage />, '/manage-payments');
    await screen.findByText('Visa •••• 4242');
    const edit = row('pm_fuel').querySelector('ion-button[router-link], ion-button[routerlink]');
    const link =
      edit?.getAttribute('router-link') ??
      (edit as (HTMLElement & { routerLink?: string }) | null)?.routerLink;
    expect(link).toBe('/edit-card?id=pm_fuel');
  });

  it('makes another card the default', async () => {
    const seen = fakeApi({
      '/listCards': () => ok([visa, fuel]),
      '/selectDefaultStripeSource': () =>
        ok([
          { ...fuel, default: true },
          { ...visa, default: false },
        ]),
    });
    renderWithRouter(<ManagePaymentsPage />, '/manage-payments');
    await screen.findByText('Mastercard •••• 4444');
    await userEvent.click(within(row('pm_fuel')).getByText('Make default'));
    await waitFor(() => expect(within(row('pm_fuel')).getByText('Default')).toBeTruthy());
    expect(callsTo(seen, '/selectDefaultStripeSource')[0]?.body).toEqual({ source: 'pm_fuel' });
  });

  it('deletes a card only once the driver confirms', async () => {
    const seen = fakeApi({
      '/listCards': () => ok([visa, fuel]),
      '/deleteStripeSource': () => ok([visa]),
    });
    renderWithRouter(<ManagePaymentsPage />, '/manage-payments');
    await screen.findByText('Mastercard •••• 4444');
    await userEvent.click(deleteButton('pm_fuel'));
    const alert = await findAlert('Delete this card?');
    await pressAlertButton(alert, 'Cancel');
    expect(callsTo(seen, '/deleteStripeSource')).toHaveLength(0);
    await userEvent.click(deleteButton('pm_fuel'));
    await pressAlertButton(await findAlert('Delete this card?'), 'Delete');
    await waitFor(() => expect(screen.queryByText('Mastercard •••• 4444')).toBeNull());
    expect(callsTo(seen, '/deleteStripeSource')[0]?.body).toEqual({ source: 'pm_fuel' });
  });
});
