import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tariffInput } from '@evc/contract';
import { testUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { ChargingSelectPaymentPage } from './charging-select-payment-page.tsx';
import { callsTo, fakeApi, gbp, ok, signedInAs, testCard, testCharger } from './test-support.ts';
import { becomeGuest } from '../../lib/session/session-store.ts';
import { clearTokens } from '../../lib/session/token-store.ts';
import { tokenData } from '../../test/signed-in.ts';

const PATH = '/charging-select-payment?barcode=1001&connector=1';
const fuel = testCard({ id: 'pm_fuel', source: 'FUELCARD', last4: '4444', default: false });

function choice(method: string): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(`[data-method="${method}"]`)];
}

function api(options: {
  storedBalance: number;
  fuelCardTariff?: boolean;
  free?: boolean;
  tariffCurrency?: string;
}) {
  const tariff = tariffInput.parse({
    standard_rate: options.free ? 0 : 0.45,
    currency: options.tariffCurrency ?? 'GBP',
    payableByFuelCard: options.fuelCardTariff ?? false,
  });
  return fakeApi({
    '/getChargerByBarcode': () => ok(testCharger({ tariff })),
    '/listCards': () => ok([testCard(), fuel]),
    '/getUserBalance': () => ok({ balance: options.storedBalance, currency: gbp }),
    '/development/charger/preauth/c1': () =>
      ok({ amount: options.free ? 0 : 3000, currency: 'GBP' }),
  });
}

beforeEach(async () => {
  await signedInAs(testUser);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ChargingSelectPaymentPage (spec 000 §4, §5)', () => {
  it("offers the saved card and, without credit, shows credit disabled as 'No Credit Available'", async () => {
    api({ storedBalance: 0 });
    renderWithRouter(<ChargingSelectPaymentPage />, PATH);
    expect(await screen.findByText('No Credit Available')).toBeTruthy();
    const [card] = choice('PAYG');
    expect(card?.getAttribute('href')).toBe(
      '/charging-confirm-payment?barcode=1001&connector=1&source=PAYG&card=pm_visa',
    );
    expect(choice('CREDIT')[0]?.getAttribute('aria-disabled')).toBe('true');
    expect(choice('CREDIT')[0]?.getAttribute('href')).toBeNull();
  });

  it('offers credit with the balance available (stored negative while in credit)', async () => {
    api({ storedBalance: -1250 });
    renderWithRouter(<ChargingSelectPaymentPage />, PATH);
    expect(await screen.findByText('£12.50')).toBeTruthy();
    expect(choice('CREDIT')[0]?.getAttribute('href')).toBe(
      '/charging-confirm-payment?barcode=1001&connector=1&source=CREDIT',
    );
  });

  it('never offers £ credit at a charger that charges in € (issue 19), and says why', async () => {
    api({ storedBalance: -1000, tariffCurrency: 'EUR' });
    renderWithRouter(<ChargingSelectPaymentPage />, PATH);
    expect(
      await screen.findByText('Your credit is in GBP: it pays only at chargers that charge in GBP'),
    ).toBeTruthy();
    expect(choice('CREDIT')[0]?.getAttribute('aria-disabled')).toBe('true');
    expect(choice('CREDIT')[0]?.getAttribute('href')).toBeNull();
    expect(choice('PAYG')).toHaveLength(1);
  });

  it('offers credit, and no card, on a free tariff even with no balance', async () => {
    api({ storedBalance: 0, free: true });
    renderWithRouter(<ChargingSelectPaymentPage />, PATH);
    await screen.findByText('Credit balance');
    expect(screen.queryByText('No Credit Available')).toBeNull();
    // Nothing to hold on a free charge, so no card is offered for it.
    expect(
      await screen.findByText(
        'Charging here is free: nothing is held on a card. Start with your account below.',
      ),
    ).toBeTruthy();
    expect(choice('PAYG')).toHaveLength(0);
  });

  it('offers the fuel card only where the tariff allows it', async () => {
    api({ storedBalance: 0, fuelCardTariff: false });
    const first = renderWithRouter(<ChargingSelectPaymentPage />, PATH);
    await screen.findByText('Your cards');
    expect(choice('FUELCARD')).toHaveLength(0);
    first.unmount();

    api({ storedBalance: 0, fuelCardTariff: true });
    renderWithRouter(<ChargingSelectPaymentPage />, PATH);
    await screen.findByText('Fuel cards');
    expect(choice('FUELCARD')[0]?.getAttribute('href')).toBe(
      '/charging-confirm-payment?barcode=1001&connector=1&source=FUELCARD&card=pm_fuel',
    );
  });

  it('offers no wallet in a browser without a Stripe key, and links to adding a card back here', async () => {
    api({ storedBalance: 0 });
    const { container } = renderWithRouter(<ChargingSelectPaymentPage />, PATH);
    await screen.findByText('Your cards');
    expect(choice('GOOGLEPAY')).toHaveLength(0);
    expect(choice('APPLEPAY')).toHaveLength(0);
    const add = container.querySelector<HTMLElement & { routerLink?: string }>(
      'ion-button[fill="outline"]',
    );
    expect(add?.routerLink).toBe(`/add-payment-method?next=${encodeURIComponent(PATH)}`);
  });
});

describe('ChargingSelectPaymentPage for a guest (issue 15)', () => {
  const GUEST_PATH = '/guest/charging-select-payment?barcode=1001&connector=1';
  const guestPage = (
    <Routes>
      <Route path="/guest/charging-select-payment" element={<ChargingSelectPaymentPage />} />
    </Routes>
  );

  beforeEach(async () => {
    await clearTokens();
    await act(() => becomeGuest('G-ABCDEFGH12', tokenData('guest')));
  });

  it('offers the guest’s saved card and a new card, never credit nor a fuel card, all within the guest pages', async () => {
    const seen = api({ storedBalance: -1250, fuelCardTariff: true });
    renderWithRouter(guestPage, GUEST_PATH);
    expect(await screen.findByText('Pay with a card')).toBeTruthy();
    expect(choice('CREDIT')).toHaveLength(0);
    expect(choice('FUELCARD')).toHaveLength(0);
    expect(choice('PAYG')[0]?.getAttribute('href')).toBe(
      '/guest/charging-confirm-payment?barcode=1001&connector=1&source=PAYG&card=pm_visa',
    );
    expect(callsTo(seen, '/getUserBalance')).toHaveLength(0);
  });

  it('at a free charger leads the guest on without a card', async () => {
    api({ storedBalance: 0, free: true });
    renderWithRouter(guestPage, GUEST_PATH);
    await userEvent.click(await screen.findByText('Continue to the free charge'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/guest-confirmed-payment-method?barcode=1001&connector=1&source=PAYG',
      ),
    );
  });
});
