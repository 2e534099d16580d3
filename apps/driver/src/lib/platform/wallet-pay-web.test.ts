import { Capacitor } from '@capacitor/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { fakeStripeJs, resetFakeStripeJs } from '../../test/fake-stripe-js.ts';
import { webWalletPay } from './wallet-pay-web.ts';

vi.mock('@stripe/stripe-js/pure', () => import('../../test/fake-stripe-js.ts'));

const request = { country: 'gb', currency: 'GBP', amountMinor: 3000, label: 'EV Charge' };
const intent = { intentId: 'pi_w', clientSecret: 'pi_w_secret' };
const { state, confirmCardPayment } = fakeStripeJs;
const wallets = webWalletPay('pk_test_web');

beforeEach(() => {
  resetFakeStripeJs();
});

describe('webWalletPay (spec 000 §4–§5: wallets through the Payment Request API)', () => {
  it('reports what the browser offers, for the hold’s amount and currency', async () => {
    state.offered = { applePay: false, googlePay: true };
    await expect(wallets.availability(request)).resolves.toEqual({
      applePay: false,
      googlePay: true,
    });
    expect(state.requests).toEqual([
      { country: 'GB', currency: 'gbp', total: { label: 'EV Charge', amount: 3000 } },
    ]);
  });

  it('is a browser’s check only: INVALID_METHOD_CALL on a phone’s native platform (000 §8)', async () => {
    const native = vi.spyOn(Capacitor, 'getPlatform').mockReturnValue('android');
    await expect(wallets.availability(request)).rejects.toMatchObject({
      name: 'PaymentError',
      code: 'INVALID_METHOD_CALL',
      message: 'INVALID_METHOD_CALL',
    });
    native.mockRestore();
  });

  it('fails NOT_INITIALISED when there is no payment provider to pay with (000 §8)', async () => {
    await expect(
      webWalletPay(null).pay('GOOGLEPAY', request, () => Promise.resolve(intent)),
    ).resolves.toEqual({
      kind: 'failed',
      message: null,
      code: 'NOT_INITIALISED',
    });
  });

  it('makes the intent once the sheet has a payment method, confirms it with that, and answers the sheet', async () => {
    state.action = { kind: 'pay', paymentMethodId: 'pm_wallet' };
    confirmCardPayment.mockResolvedValueOnce({ paymentIntent: { status: 'requires_capture' } });
    const createIntent = vi.fn(() => Promise.resolve(intent));
    await expect(wallets.pay('GOOGLEPAY', request, createIntent)).resolves.toEqual({
      kind: 'paid',
      intentId: 'pi_w',
    });
    expect(createIntent).toHaveBeenCalledTimes(1);
    expect(confirmCardPayment).toHaveBeenCalledWith(
      'pi_w_secret',
      { payment_method: 'pm_wallet' },
      { handleActions: false },
    );
    expect(state.completions).toEqual(['success']);
  });

  it('closes the sheet before the bank’s 3-D Secure step, then runs it', async () => {
    state.action = { kind: 'pay', paymentMethodId: 'pm_wallet' };
    confirmCardPayment
      .mockResolvedValueOnce({ paymentIntent: { status: 'requires_action' } })
      .mockResolvedValueOnce({ paymentIntent: { status: 'requires_capture' } });
    await expect(wallets.pay('APPLEPAY', request, () => Promise.resolve(intent))).resolves.toEqual({
      kind: 'paid',
      intentId: 'pi_w',
    });
    expect(confirmCardPayment).toHaveBeenLastCalledWith('pi_w_secret');
    expect(state.completions).toEqual(['success']);
  });

  it('a card the bank refuses fails the sheet and is declined with the bank’s message', async () => {
    state.action = { kind: 'pay', paymentMethodId: 'pm_wallet' };
    confirmCardPayment.mockResolvedValueOnce({
      error: { type: 'card_error', message: 'Your card was declined.' },
    });
    await expect(wallets.pay('GOOGLEPAY', request, () => Promise.resolve(intent))).resolves.toEqual(
      { kind: 'declined', message: 'Your card was declined.' },
    );
    expect(state.completions).toEqual(['fail']);
  });

  it('when our server refuses the intent, the sheet fails and nothing is confirmed', async () => {
    state.action = { kind: 'pay', paymentMethodId: 'pm_wallet' };
    const refused = new ApiError(404, 'CHARGER_NOT_FOUND', 'Charger Not Found');
    await expect(wallets.pay('GOOGLEPAY', request, () => Promise.reject(refused))).resolves.toEqual(
      { kind: 'failed', message: 'Charger Not Found' },
    );
    expect(confirmCardPayment).not.toHaveBeenCalled();
    expect(state.completions).toEqual(['fail']);
  });

  it('closing the sheet is a cancellation, and no intent is made', async () => {
    state.action = { kind: 'cancel' };
    const createIntent = vi.fn(() => Promise.resolve(intent));
    await expect(wallets.pay('GOOGLEPAY', request, createIntent)).resolves.toEqual({
      kind: 'cancelled',
    });
    expect(createIntent).not.toHaveBeenCalled();
  });
});
