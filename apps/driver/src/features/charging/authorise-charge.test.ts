import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { webWalletPay } from '../../lib/platform/wallet-pay-web.ts';
import { fakeStripeJs, resetFakeStripeJs } from '../../test/fake-stripe-js.ts';
import { authoriseWalletCharge } from './authorise-charge.ts';
import { callsTo, failure, fakeApi, ok } from './test-support.ts';

vi.mock('@stripe/stripe-js/pure', () => import('../../test/fake-stripe-js.ts'));

const { state, confirmCardPayment } = fakeStripeJs;
const request = { country: 'GB', currency: 'GBP', amountMinor: 3000, label: 'EV Charge' };

const walletCharge = (wallet: 'GOOGLEPAY' | 'APPLEPAY') =>
  authoriseWalletCharge({
    wallets: webWalletPay('pk_test_wallet'),
    wallet,
    request,
    chargerId: 'c1',
    connectorNumber: 2,
  });

beforeEach(() => {
  resetFakeStripeJs();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('authoriseWalletCharge in a browser (spec 000 §4)', () => {
  it.each(['GOOGLEPAY', 'APPLEPAY'] as const)(
    '%s: asks our server for a hold with the wallet as source, and confirms it with the wallet’s payment method',
    async (wallet) => {
      const seen = fakeApi({
        '/initiatePaymentIntent': () =>
          ok({ intentid: 'pi_w', secret: 'pi_w_secret', client_secret: 'pi_w_secret' }),
      });
      state.action = { kind: 'pay', paymentMethodId: 'pm_from_wallet' };
      confirmCardPayment.mockResolvedValueOnce({ paymentIntent: { status: 'requires_capture' } });
      await expect(walletCharge(wallet)).resolves.toEqual({
        kind: 'authorised',
        intentId: 'pi_w',
      });
      expect(callsTo(seen, '/initiatePaymentIntent').map((call) => call.body)).toEqual([
        {
          connector_id: 'c1:2',
          type: 'charge',
          amount: 3000,
          source: wallet,
          capture_method: 'manual',
        },
      ]);
      expect(confirmCardPayment).toHaveBeenCalledWith(
        'pi_w_secret',
        { payment_method: 'pm_from_wallet' },
        { handleActions: false },
      );
    },
  );

  it('a refusal from our server is a failure with its message', async () => {
    fakeApi({
      '/initiatePaymentIntent': () => failure(404, 'CHARGER_NOT_FOUND', 'Charger Not Found'),
    });
    state.action = { kind: 'pay', paymentMethodId: 'pm_from_wallet' };
    await expect(walletCharge('GOOGLEPAY')).resolves.toEqual({
      kind: 'failed',
      message: 'Charger Not Found',
    });
    expect(state.completions).toEqual(['fail']);
  });

  it('a card the bank declines is declined with its message', async () => {
    fakeApi({
      '/initiatePaymentIntent': () =>
        ok({ intentid: 'pi_w', secret: 'pi_w_secret', client_secret: 'pi_w_secret' }),
    });
    state.action = { kind: 'pay', paymentMethodId: 'pm_from_wallet' };
    confirmCardPayment.mockResolvedValueOnce({
      error: { type: 'card_error', message: 'Your card has insufficient funds.' },
    });
    await expect(walletCharge('APPLEPAY')).resolves.toEqual({
      kind: 'declined',
      message: 'Your card has insufficient funds.',
    });
  });

  it('closing the sheet is a cancellation and asks our server nothing', async () => {
    const seen = fakeApi({});
    state.action = { kind: 'cancel' };
    await expect(walletCharge('GOOGLEPAY')).resolves.toEqual({ kind: 'cancelled' });
    expect(seen).toEqual([]);
  });
});
