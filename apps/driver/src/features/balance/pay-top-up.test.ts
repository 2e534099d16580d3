import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubServer } from '../../test/stub-server.ts';
import { payTopUp } from './pay-top-up.ts';

// Stripe.js is Stripe's code, loaded from Stripe's servers: the test stands in for it.
const confirmCardPayment = vi.fn();
const stripeAvailable = { current: true };
vi.mock('../../lib/stripe.ts', () => ({
  stripeFor: () => Promise.resolve(stripeAvailable.current ? { confirmCardPayment } : null),
}));

const intentAnswer = () =>
  json(200, { data: { intentid: 'pi_1', secret: 'pi_1_secret', client_secret: 'pi_1_secret' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('payTopUp', () => {
  it('with a Stripe key, confirms the intent through Stripe.js with the chosen card', async () => {
    stripeAvailable.current = true;
    confirmCardPayment.mockResolvedValueOnce({
      paymentIntent: { status: 'succeeded', amount: 1000 },
    });
    const seen = stubServer(intentAnswer);
    await expect(
      payTopUp({ amountMinor: 1000, cardId: 'pm_1', stripeKey: 'pk_test_abc' }),
    ).resolves.toEqual({ kind: 'succeeded', amountReceived: 1000 });
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_1_secret', { payment_method: 'pm_1' });
    expect(seen.map((request) => request.url)).toEqual([
      expect.stringMatching(/\/initiatePaymentIntent$/),
    ]);
  });

  it("a card Stripe refuses asks for another card, with Stripe's message", async () => {
    stripeAvailable.current = true;
    confirmCardPayment.mockResolvedValueOnce({
      error: { type: 'card_error', message: 'Your card was declined.' },
    });
    stubServer(intentAnswer);
    await expect(
      payTopUp({ amountMinor: 1000, cardId: 'pm_1', stripeKey: 'pk_test_abc' }),
    ).resolves.toEqual({
      kind: 'failed',
      reason: 'useAnotherCard',
      detail: 'Your card was declined.',
    });
  });

  it('says so when Stripe.js cannot be loaded', async () => {
    stripeAvailable.current = false;
    stubServer(intentAnswer);
    await expect(
      payTopUp({ amountMinor: 1000, cardId: 'pm_1', stripeKey: 'pk_test_abc' }),
    ).resolves.toEqual({ kind: 'failed', reason: 'stripeUnavailable', detail: null });
  });

  it('passes on what is not a refusal (the server failing) as an error', async () => {
    stubServer((request) =>
      request.url.endsWith('/initiatePaymentIntent')
        ? json(200, { data: { intentid: 'pi_1', secret: 's', client_secret: 's' } })
        : json(502, { message: 'Error Processing Transaction', code: 'PAYMENT_PROVIDER_ERROR' }),
    );
    await expect(
      payTopUp({ amountMinor: 1000, cardId: 'pm_1', stripeKey: null }),
    ).rejects.toMatchObject({ status: 502, code: 'PAYMENT_PROVIDER_ERROR' });
  });
});
