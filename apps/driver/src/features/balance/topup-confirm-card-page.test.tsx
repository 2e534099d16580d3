import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SandboxPaymentIntent } from '@evc/contract';
import { useSession } from '../../lib/session/session-store.ts';
import { testUser } from '../../test/fixtures.ts';
import { namedPage, renderWithRouter } from '../../test/render-shell.tsx';
import { apiPath, callsTo, json, type SeenRequest, stubServer } from '../../test/stub-server.ts';
import { useUserBalance } from '../../lib/api/calls/get-user-balance.ts';
import { balanceText } from './balance-text.ts';
import { TopUpConfirmCardPage } from './topup-confirm-card-page.tsx';
import { findAlert } from '../../test/alerts.ts';
import { signedInAs } from '../../test/signed-in.ts';
import { savedCard } from './test-support.ts';
import { forgetPendingTopUp, keepPendingTopUp, pendingTopUp } from './pending-top-up.ts';

const CARD = savedCard('pm_card', '4242', { default: true });

/** What the header shows: it reads the same balance query as the balance page. */
function HeaderBalance() {
  const { user } = useSession();
  const balance = useUserBalance(user?._id ?? '');
  return (
    <output data-testid="header-balance">
      {balance.data ? balanceText(balance.data.balance, balance.data.currency, 'en') : ''}
    </output>
  );
}

const intent = (status: SandboxPaymentIntent['status'], received = 0): SandboxPaymentIntent => ({
  last_payment_error: null,
  id: 'pi_1',
  amount: 1000,
  amount_capturable: 0,
  amount_received: received,
  status,
  capture_method: 'automatic',
});

interface ProviderAnswer {
  response: Response;
  /** Whether the provider took the money (the server then credits the balance). */
  credits: boolean;
}

const succeeded = (): ProviderAnswer => ({
  response: json(200, { data: intent('succeeded', 1000) }),
  credits: true,
});
const challenged = (): ProviderAnswer => ({
  response: json(200, { data: intent('requires_action') }),
  credits: false,
});
const refused = (code: string, message: string): ProviderAnswer => ({
  response: json(402, { code, message }),
  credits: false,
});

/**
 * The payments server as the app sees it: the stored balance drops by the amount once the
 * provider takes the money; `confirm` and `authenticate` decide what the provider answers.
 */
function paymentsServer(answers: {
  confirm: () => ProviderAnswer;
  authenticate?: () => ProviderAnswer;
  /** The intent read back from its secret (a top-up resumed after a reload). */
  retrieve?: () => ProviderAnswer;
}) {
  let stored = -1250;
  const provider = (answer: ProviderAnswer) => {
    if (answer.credits) stored -= 1000;
    return answer.response;
  };
  return stubServer((request: SeenRequest) => {
    switch (apiPath(request)) {
      case '/listCards':
        return json(200, { data: [CARD] });
      case '/getUserBalance':
        return json(200, { data: { balance: stored, currency: testUser.preferredCurrency } });
      case '/initiatePaymentIntent':
        return json(200, { data: { intentid: 'pi_1', secret: 's_1', client_secret: 's_1' } });
      case '/sandbox/payment_intents/pi_1/confirm':
        return provider(answers.confirm());
      case '/sandbox/payment_intents/pi_1':
        return provider(answers.retrieve?.() ?? refused('INTENT_NOT_FOUND', 'No such intent'));
      case '/sandbox/payment_intents/pi_1/authenticate':
        return provider(answers.authenticate?.() ?? refused('NOT_FOUND', 'No challenge'));
      default:
        return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    }
  });
}

function renderPage(address = '/topup-confirm-card?amount=1000&card=pm_card') {
  return renderWithRouter(
    <>
      <HeaderBalance />
      <Routes>
        <Route path="/topup-confirm-card" element={<TopUpConfirmCardPage />} />
        <Route path="/balance" element={namedPage('Balance page')()} />
      </Routes>
    </>,
    address,
  );
}

const press = async (name: string | RegExp) => {
  const button = await screen.findByText(name);
  // The challenge opens while the payment that asked for it is still settling, its buttons
  // disabled for that moment: a driver presses them once they are enabled.
  const ionButton = button.closest<HTMLElement & { disabled?: boolean }>('ion-button');
  await waitFor(() => expect(ionButton?.disabled ?? false).toBe(false));
  act(() => {
    fireEvent.click(button);
  });
};
const header = () => screen.getByTestId('header-balance').textContent;

beforeEach(async () => {
  forgetPendingTopUp();
  await signedInAs(testUser);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TopUpConfirmCardPage (spec 000 §4, §8)', () => {
  it('takes the top-up at once with the card and shows the new balance in the header', async () => {
    const seen = paymentsServer({ confirm: succeeded });
    renderPage();
    expect(await screen.findByText('Visa •••• 4242')).toBeTruthy();
    expect(screen.getByTestId('topup-amount').textContent).toBe('£10.00');
    await waitFor(() => expect(header()).toBe('£12.50'));
    await press('Pay £10.00');

    const done = await findAlert('Top-up complete');
    expect(done.message).toBe('£10.00 has been added to your credit.');
    expect(callsTo(seen, '/initiatePaymentIntent').map((call) => call.body)).toEqual([
      {
        connector_id: null,
        type: 'topup',
        amount: 1000,
        source: 'pm_card',
        capture_method: 'automatic',
      },
    ]);
    expect(callsTo(seen, '/sandbox/payment_intents/pi_1/confirm')[0]?.body).toEqual({
      payment_method: 'pm_card',
    });
    await waitFor(() => expect(header()).toBe('£22.50'));
    await act(() => done.dismiss());
    expect(await screen.findByText('Balance page')).toBeTruthy();
  });

  it.each([
    ['CARD_DECLINED', 'Your card was declined.'],
    ['INSUFFICIENT_FUNDS', 'Your card has insufficient funds.'],
  ])('a refusal (%s) says Payment Failed, please use another card', async (code, message) => {
    paymentsServer({ confirm: () => refused(code, message) });
    renderPage();
    await press('Pay £10.00');
    expect(await screen.findByText('Payment Failed, please use another card')).toBeTruthy();
    expect(header()).toBe('£12.50');
    expect(screen.getByTestId('location').textContent).toMatch(/^\/topup-confirm-card/);
  });

  it('a top-up left in its challenge by a reload shows the challenge again and credits', async () => {
    keepPendingTopUp({
      intentId: 'pi_1',
      clientSecret: 'pi_1_secret_abc',
      amountMinor: 1000,
      cardId: 'pm_card',
    });
    const seen = paymentsServer({
      confirm: challenged,
      retrieve: challenged,
      authenticate: succeeded,
    });
    renderPage();
    expect(await screen.findByText('Card confirmation needed')).toBeTruthy();
    await press('Approve');
    await findAlert('Top-up complete');
    expect(callsTo(seen, '/initiatePaymentIntent')).toHaveLength(0);
    await waitFor(() => expect(header()).toBe('£22.50'));
    expect(pendingTopUp(1000, 'pm_card')).toBeNull();
  });

  it('asks for card confirmation; approving the challenge credits the balance', async () => {
    const seen = paymentsServer({ confirm: challenged, authenticate: succeeded });
    renderPage();
    await press('Pay £10.00');
    expect(await screen.findByText('Card confirmation needed')).toBeTruthy();
    expect(callsTo(seen, '/sandbox/payment_intents/pi_1/authenticate')).toHaveLength(0);
    await press('Approve');
    await findAlert('Top-up complete');
    expect(callsTo(seen, '/sandbox/payment_intents/pi_1/authenticate')[0]?.body).toEqual({
      outcome: 'approve',
    });
    await waitFor(() => expect(header()).toBe('£22.50'));
  });

  it('a failed challenge says Payment Failed and credits nothing', async () => {
    const seen = paymentsServer({
      confirm: challenged,
      authenticate: () => refused('AUTHENTICATION_FAILED', 'We are unable to authenticate'),
    });
    renderPage();
    await press('Pay £10.00');
    await press('Fail');
    expect(await screen.findByText('Payment Failed')).toBeTruthy();
    expect(callsTo(seen, '/sandbox/payment_intents/pi_1/authenticate')[0]?.body).toEqual({
      outcome: 'fail',
    });
    expect(header()).toBe('£12.50');
  });

  it.each([
    ['an amount outside the limits', '/topup-confirm-card?amount=50&card=pm_card'],
    ['no amount', '/topup-confirm-card?card=pm_card'],
    ['a card that is not theirs', '/topup-confirm-card?amount=1000&card=pm_someone_else'],
  ])('with %s asks for a choice again and pays nothing', async (_case, address) => {
    const seen = paymentsServer({ confirm: succeeded });
    renderPage(address);
    expect(await screen.findByText('Choose an amount and one of your cards first.')).toBeTruthy();
    expect(screen.queryByText(/^Pay /)).toBeNull();
    expect(callsTo(seen, '/initiatePaymentIntent')).toHaveLength(0);
  });
});
