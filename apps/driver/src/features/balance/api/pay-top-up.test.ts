import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubServer } from '../../../test/stub-server.ts';
import { payTopUp } from './pay-top-up.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('payTopUp', () => {
  it('with a Stripe key and no Stripe.js in this build, takes no money and says so', async () => {
    const seen = stubServer(() => json(500, {}));
    await expect(
      payTopUp({ amountMinor: 1000, cardId: 'pm_1', stripeKey: 'pk_test_abc' }),
    ).resolves.toEqual({ kind: 'failed', reason: 'stripeUnavailable', detail: null });
    expect(seen).toHaveLength(0);
  });

  it('passes on what is not a refusal (the server failing) as an error', async () => {
    stubServer((request) =>
      request.url.endsWith('/initiatePaymentIntent')
        ? json(200, { data: { intentid: 'pi_1', secret: 's', client_secret: 's' } })
        : json(503, { message: 'Unavailable', code: 'UNAVAILABLE' }),
    );
    await expect(
      payTopUp({ amountMinor: 1000, cardId: 'pm_1', stripeKey: null }),
    ).rejects.toMatchObject({ status: 503, code: 'UNAVAILABLE' });
  });
});
