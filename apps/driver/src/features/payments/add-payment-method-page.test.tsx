import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testCard, testUser } from '../../test/fixtures.ts';
import { fill, ionControl, submitForm, tick } from '../../test/ionic-events.ts';
import { namedPage, renderWithRouter } from '../../test/render-shell.tsx';
import { findAlert, pressAlertButton } from '../../test/alerts.ts';
import { signedInAs } from '../../test/signed-in.ts';
import { callsTo, failure, fakeApi, ok } from '../../test/stub-server.ts';
import { AddPaymentMethodPage } from './add-payment-method-page.tsx';

function renderPage(path = '/add-payment-method') {
  return renderWithRouter(
    <Routes>
      <Route path="/add-payment-method" element={<AddPaymentMethodPage />} />
      <Route path="/manage-payments" element={namedPage('Payment cards')()} />
      <Route path="/charging-select-payment" element={namedPage('Select payment')()} />
    </Routes>,
    path,
  );
}

async function enterCard(container: HTMLElement, number: string, expiry = '12/30', cvc = '123') {
  await fill(container, 'Card number', number);
  await fill(container, 'Expiry (MM/YY)', expiry);
  await fill(container, 'CVC', cvc);
}

beforeEach(async () => {
  await signedInAs(testUser);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AddPaymentMethodPage without a Stripe key (the sandbox card form)', () => {
  it('names the demo test cards', () => {
    fakeApi({});
    renderPage();
    expect(screen.getByText('4242 4242 4242 4242')).toBeTruthy();
    expect(screen.getByText('4000 0000 0000 0002')).toBeTruthy();
    expect(screen.getByText('is declined')).toBeTruthy();
  });

  it('creates the payment method, saves it as a fuel card, says so and goes on', async () => {
    const seen = fakeApi({
      '/sandbox/payment_methods': () => ok({ id: 'pm_sbx_1', brand: 'visa', last4: '4242' }),
      '/addToStripeSources': () => ok(testCard({ id: 'pm_sbx_1', source: 'FUELCARD' })),
      '/listCards': () => ok([testCard({ id: 'pm_sbx_1', source: 'FUELCARD' })]),
    });
    const { container } = renderPage(
      `/add-payment-method?next=${encodeURIComponent('/charging-select-payment?barcode=1001&connector=1')}`,
    );
    await enterCard(container, '4242 4242 4242 4242');
    await tick(ionControl(container, 'ion-toggle', 'This is a fuel card'));
    await submitForm(container);
    const alert = await findAlert('Card successfully Added');
    expect(callsTo(seen, '/sandbox/payment_methods')[0]?.body).toEqual({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    });
    expect(callsTo(seen, '/addToStripeSources')[0]?.body).toEqual({
      card: 'pm_sbx_1',
      fuelCard: true,
    });
    await pressAlertButton(alert, 'OK');
    expect(await screen.findByText('Select payment')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe(
      '/charging-select-payment?barcode=1001&connector=1',
    );
  });

  it("shows 'Error: ' and the provider's message when the card is refused", async () => {
    const seen = fakeApi({
      '/sandbox/payment_methods': () =>
        failure(402, 'CARD_NOT_SUPPORTED', 'This test card number is not recognised.'),
    });
    const { container } = renderPage();
    await enterCard(container, '1234 5678 9012 3456');
    await submitForm(container);
    expect(await screen.findByText('Error: This test card number is not recognised.')).toBeTruthy();
    expect(screen.getByText('Card Not Added')).toBeTruthy();
    expect(callsTo(seen, '/addToStripeSources')).toHaveLength(0);
  });

  it('refuses a card the provider declines when it is verified at add time (issue 19)', async () => {
    const seen = fakeApi({
      '/sandbox/payment_methods': () => ok({ id: 'pm_sbx_3', brand: 'visa', last4: '0002' }),
      '/addToStripeSources': () => failure(402, 'CARD_DECLINED', 'Your card was declined.'),
    });
    const { container } = renderPage();
    await enterCard(container, '4000 0000 0000 0002');
    await submitForm(container);
    expect(await screen.findByText('Error: Your card was declined.')).toBeTruthy();
    expect(screen.getByText('Card Not Added')).toBeTruthy();
    expect(callsTo(seen, '/addToStripeSources')).toHaveLength(1);
    expect(screen.getByTestId('location').textContent).toBe('/add-payment-method');
  });

  it("says 'Error Adding Card. Please try again' when saving the card fails", async () => {
    fakeApi({
      '/sandbox/payment_methods': () => ok({ id: 'pm_sbx_2', brand: 'visa', last4: '4242' }),
      '/addToStripeSources': () => failure(500, 'INTERNAL', 'boom'),
    });
    const { container } = renderPage();
    await enterCard(container, '4242424242424242');
    await submitForm(container);
    expect(await screen.findByText('Error Adding Card. Please try again')).toBeTruthy();
    expect(screen.getByText('Card Not Added')).toBeTruthy();
  });

  it('lays the card number out in groups of 4 and the expiry as MM / YY as they are typed (issue 19)', async () => {
    const seen = fakeApi({
      '/sandbox/payment_methods': () => ok({ id: 'pm_sbx_4', brand: 'visa', last4: '4242' }),
      '/addToStripeSources': () => failure(500, 'INTERNAL', 'boom'),
    });
    const { container } = renderPage();
    const shown = (label: string) =>
      (ionControl(container, 'ion-input', label) as Element & { value?: string }).value;
    await fill(container, 'Card number', '424242424242');
    expect(shown('Card number')).toBe('4242 4242 4242');
    await fill(container, 'Card number', '4242 4242 4242 4242x');
    expect(shown('Card number')).toBe('4242 4242 4242 4242');
    await fill(container, 'Expiry (MM/YY)', '123');
    expect(shown('Expiry (MM/YY)')).toBe('12 / 3');
    await fill(container, 'Expiry (MM/YY)', '12 / 30');
    await fill(container, 'CVC', '123');
    await submitForm(container);
    await screen.findByText('Error Adding Card. Please try again');
    expect(callsTo(seen, '/sandbox/payment_methods')[0]?.body).toEqual({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    });
  });

  it('refuses a malformed expiry and CVC before calling the provider', async () => {
    const seen = fakeApi({});
    const { container } = renderPage();
    await enterCard(container, '4242424242424242', '13-30', '12');
    await submitForm(container);
    expect(screen.getByText('Please enter the expiry as MM/YY.')).toBeTruthy();
    expect(
      screen.getByText('Please enter the 3 or 4 digits on the back of the card.'),
    ).toBeTruthy();
    expect(seen).toHaveLength(0);
  });
});
