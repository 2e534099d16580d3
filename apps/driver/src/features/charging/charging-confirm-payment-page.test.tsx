import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tariffInput, type SandboxPaymentIntent } from '@evc/contract';
import { testUser } from '../../test/fixtures.ts';
import { namedPage, renderWithRouter } from '../../test/render-shell.tsx';
import { transactionView } from '../../test/transaction-view.ts';
import type { SeenRequest } from '../../test/stub-server.ts';
import {
  forgetPendingChargePayment,
  keepPendingChargePayment,
  pendingChargePayment,
} from '../../lib/charging-session/pending-charge-payment.ts';
import { ChargingConfirmPaymentPage } from './charging-confirm-payment-page.tsx';
import {
  callsTo,
  failure,
  fakeApi,
  findAlert,
  ok,
  pressAlertButton,
  signedInAs,
  testCard,
  testCharger,
} from './test-support.ts';

const intent = (status: SandboxPaymentIntent['status']): SandboxPaymentIntent => ({
  last_payment_error: null,
  id: 'pi_new',
  amount: 3000,
  amount_capturable: status === 'requires_capture' ? 3000 : 0,
  amount_received: 0,
  status,
  capture_method: 'manual',
});

type Route = (request: SeenRequest) => Response;

function api(overrides: Record<string, Route> = {}) {
  return fakeApi({
    '/getChargerByBarcode': () => ok(testCharger()),
    '/listCards': () => ok([testCard()]),
    '/development/charger/preauth/c1': () => ok({ amount: 3000, currency: 'GBP' }),
    '/getUncapturedPaymentIntents': () => ok([]),
    '/initiatePaymentIntent': () =>
      ok({ intentid: 'pi_new', secret: 'pi_new_secret', client_secret: 'pi_new_secret' }),
    '/sandbox/payment_intents/pi_new/confirm': () => ok(intent('requires_capture')),
    '/remoteStartTransaction': () => ok(transactionView({ _id: 's9', state: 'pending' })),
    ...overrides,
  });
}

function renderPage(query = 'barcode=1001&connector=1&source=PAYG&card=pm_visa') {
  return renderWithRouter(
    <Routes>
      <Route path="/charging-confirm-payment" element={<ChargingConfirmPaymentPage />} />
      <Route path="/start-charging" element={namedPage('Plug in')()} />
    </Routes>,
    `/charging-confirm-payment?${query}`,
  );
}

async function confirm() {
  await userEvent.click(await screen.findByText('Confirm and start'));
}

beforeEach(async () => {
  await signedInAs(testUser);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ChargingConfirmPaymentPage (spec 000 §4, §8, §9)', () => {
  it("issue 19: shows the tariff and 'about £9.00 for 20 kWh' before the hold", async () => {
    api();
    renderPage();
    expect((await screen.findByTestId('charge-estimate')).textContent).toBe(
      'About £9.00 for 20 kWh',
    );
    expect(screen.getByTestId('tariff-wording').textContent).toBe('Tariff 45p/kWh');
    expect(screen.getByText('we hold £30.00 on your card', { exact: false })).toBeTruthy();
  });

  it('lists the fees of the tariff and counts the connection fee in the estimate', async () => {
    api({
      '/getChargerByBarcode': () =>
        ok(
          testCharger({
            tariff: tariffInput.parse({
              standard_rate: 0.45,
              currency: 'GBP',
              connection_cost: 100,
              overstaycostperperiod: 500,
              overstayperiod: 60,
              overstaygraceperiod: 30,
            }),
          }),
        ),
    });
    renderPage();
    expect((await screen.findByTestId('charge-estimate')).textContent).toBe(
      'About £10.00 for 20 kWh',
    );
    const fees = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(fees).toEqual(['Connection fee £1.00', 'Overstay £5.00/h after 30 min']);
  });

  it('has no estimate at a free charger', async () => {
    api({
      '/getChargerByBarcode': () =>
        ok(testCharger({ tariff: tariffInput.parse({ standard_rate: 0, currency: 'GBP' }) })),
    });
    renderPage();
    expect((await screen.findByTestId('tariff-wording')).textContent).toBe('Tariff Free to charge');
    expect(screen.queryByTestId('charge-estimate')).toBeNull();
  });

  it('holds the pre-authorisation on the card, confirms it, starts the charger and goes to plug in', async () => {
    const seen = api();
    renderPage();
    expect(await screen.findByText(/we hold £30.00 on your card/)).toBeTruthy();
    await confirm();
    expect(await screen.findByText('Plug in')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/start-charging?transactionId=s9');
    expect(callsTo(seen, '/getUncapturedPaymentIntents')[0]?.body).toEqual({ card_id: 'pm_visa' });
    expect(callsTo(seen, '/initiatePaymentIntent')[0]?.body).toEqual({
      connector_id: 'c1:1',
      type: 'charge',
      amount: 3000,
      source: 'pm_visa',
      capture_method: 'manual',
    });
    expect(callsTo(seen, '/sandbox/payment_intents/pi_new/confirm')[0]?.body).toEqual({
      payment_method: 'pm_visa',
    });
    expect(callsTo(seen, '/remoteStartTransaction')[0]?.body).toEqual({
      chargerid: 'c1',
      connectorid: 1,
      intent_id: 'pi_new',
      source: 'PAYG',
      profile: null,
    });
  });

  it('reuses an uncaptured intent on the card instead of holding again', async () => {
    const seen = api({
      '/getUncapturedPaymentIntents': () =>
        ok([
          {
            intentid: 'pi_held',
            client_secret: 'pi_held_secret',
            amount: 3000,
            amount_capturable: 3000,
            currency: 'gbp',
            connector_id: 'c1:1',
            created: '2026-03-02T09:00:00.000Z',
          },
        ]),
    });
    renderPage();
    await confirm();
    expect(await screen.findByText('Plug in')).toBeTruthy();
    expect(callsTo(seen, '/initiatePaymentIntent')).toHaveLength(0);
    expect(callsTo(seen, '/remoteStartTransaction')[0]?.body).toMatchObject({
      intent_id: 'pi_held',
    });
  });

  it("asks for the card confirmation ('Card confirmation needed') and sends the driver's answer", async () => {
    const seen = api({
      '/sandbox/payment_intents/pi_new/confirm': () => ok(intent('requires_action')),
      '/sandbox/payment_intents/pi_new/authenticate': () => ok(intent('requires_capture')),
    });
    renderPage();
    await confirm();
    await pressAlertButton(await findAlert('Card confirmation needed'), 'Confirm payment');
    expect(await screen.findByText('Plug in')).toBeTruthy();
    expect(callsTo(seen, '/sandbox/payment_intents/pi_new/authenticate')[0]?.body).toEqual({
      outcome: 'approve',
    });
  });

  it("says 'Payment Failed' when the driver fails the card confirmation, and does not start", async () => {
    const seen = api({
      '/sandbox/payment_intents/pi_new/confirm': () => ok(intent('requires_action')),
      '/sandbox/payment_intents/pi_new/authenticate': () => ok(intent('requires_payment_method')),
    });
    renderPage();
    await confirm();
    await pressAlertButton(await findAlert('Card confirmation needed'), 'Refuse');
    expect(await screen.findByText('Payment Failed')).toBeTruthy();
    expect(callsTo(seen, '/remoteStartTransaction')).toHaveLength(0);
  });

  it("says 'Payment Failed, please use another card' when the bank declines", async () => {
    const seen = api({
      '/sandbox/payment_intents/pi_new/confirm': () =>
        failure(402, 'CARD_DECLINED', 'Your card was declined.'),
    });
    renderPage();
    await confirm();
    expect(await screen.findByText('Payment Failed, please use another card')).toBeTruthy();
    expect(screen.getByText('Your card was declined.')).toBeTruthy();
    // Issue 19: the main button now leads to choosing another card, not to the same one again.
    const main = document.querySelector<HTMLElement & { routerLink?: string }>(
      'ion-button.primary-action',
    );
    expect(main?.textContent).toBe('Choose another way to pay');
    expect(main?.routerLink).toBe('/charging-select-payment?barcode=1001&connector=1');
    expect(screen.queryByText('Confirm and start')).toBeNull();
    expect(callsTo(seen, '/remoteStartTransaction')).toHaveLength(0);
  });

  it("says 'Error Processing Transaction' when the charger will not start", async () => {
    api({
      '/remoteStartTransaction': () =>
        failure(409, 'CONNECTOR_BUSY', 'This connector is already in use.'),
    });
    renderPage();
    await confirm();
    expect(await screen.findByText('Error Processing Transaction')).toBeTruthy();
    expect(screen.getByText('This connector is already in use.')).toBeTruthy();
  });

  it('says the payment provider could not start when the wallet cannot pay here, and neither holds nor starts', async () => {
    // The test brand has no Stripe key: no payment provider, so NOT_INITIALISED (spec 000 §8).
    const seen = api();
    renderPage('barcode=1001&connector=1&source=GOOGLEPAY');
    await userEvent.click(await screen.findByText('Pay with Google Pay'));
    expect(await screen.findByText('Payment Failed')).toBeTruthy();
    expect(screen.getByText(/Payments could not be started on this device/)).toBeTruthy();
    expect(callsTo(seen, '/initiatePaymentIntent')).toHaveLength(0);
    expect(callsTo(seen, '/remoteStartTransaction')).toHaveLength(0);
  });

  it('starts on credit with no payment intent at all', async () => {
    const seen = api();
    renderPage('barcode=1001&connector=1&source=CREDIT');
    expect(await screen.findByText(/taken from your credit balance/)).toBeTruthy();
    await confirm();
    expect(await screen.findByText('Plug in')).toBeTruthy();
    expect(callsTo(seen, '/initiatePaymentIntent')).toHaveLength(0);
    expect(callsTo(seen, '/getUncapturedPaymentIntents')).toHaveLength(0);
    expect(callsTo(seen, '/remoteStartTransaction')[0]?.body).toMatchObject({
      source: 'CREDIT',
      intent_id: null,
    });
  });
});

describe('a payment interrupted mid-way carries on from its secret (spec 000 §4, §8)', () => {
  const kept = {
    barcode: '1001',
    connector: 1,
    intentId: 'pi_new',
    clientSecret: 'pi_new_secret_abc',
    method: 'PAYG' as const,
    cardId: 'pm_visa',
  };

  beforeEach(() => forgetPendingChargePayment());

  it('shows the 3-D Secure challenge again after a reload, then starts the charge', async () => {
    keepPendingChargePayment(kept);
    const seen = api({
      '/sandbox/payment_intents/pi_new': () => ok(intent('requires_action')),
      '/sandbox/payment_intents/pi_new/authenticate': () => ok(intent('requires_capture')),
    });
    renderPage();
    await pressAlertButton(await findAlert('Card confirmation needed'), 'Confirm payment');
    expect(await screen.findByText('Plug in')).toBeTruthy();
    const read = callsTo(seen, '/sandbox/payment_intents/pi_new')[0];
    expect(new URL(read?.url ?? '').searchParams.get('client_secret')).toBe('pi_new_secret_abc');
    expect(callsTo(seen, '/initiatePaymentIntent')).toHaveLength(0);
    expect(callsTo(seen, '/remoteStartTransaction')[0]?.body).toMatchObject({
      intent_id: 'pi_new',
    });
    expect(pendingChargePayment(kept, 'PAYG', 'pm_visa')).toBeNull();
  });

  it('says why when the bank refused it meanwhile, and does not start', async () => {
    keepPendingChargePayment(kept);
    const seen = api({
      '/sandbox/payment_intents/pi_new': () =>
        ok({
          ...intent('requires_payment_method'),
          last_payment_error: { message: 'Your card was declined.' },
        }),
    });
    renderPage();
    expect(await screen.findByText('Your card was declined.')).toBeTruthy();
    expect(screen.getByText('Payment Failed, please use another card')).toBeTruthy();
    expect(callsTo(seen, '/remoteStartTransaction')).toHaveLength(0);
  });

  it('says INVALID_SECRET’s words when the kept secret cannot be read', async () => {
    keepPendingChargePayment({ ...kept, clientSecret: 'garbled' });
    const seen = api();
    renderPage();
    expect(
      await screen.findByText(
        'We could not read this payment back. Please start the payment again.',
      ),
    ).toBeTruthy();
    expect(callsTo(seen, '/remoteStartTransaction')).toHaveLength(0);
  });

  it('says NO_CARD’s words when a card payment has no card', async () => {
    api();
    renderPage('barcode=1001&connector=1&source=PAYG');
    await confirm();
    expect(await screen.findByText('No card selected. Choose a card to pay with.')).toBeTruthy();
  });
});
