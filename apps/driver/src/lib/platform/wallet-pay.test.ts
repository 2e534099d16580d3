import { describe, expect, it, vi } from 'vitest';
import { walletPay } from './wallet-pay.ts';
import { webWalletPay } from './wallet-pay-web.ts';

const request = { country: 'GB', currency: 'GBP', amountMinor: 3000, label: 'EV Charge' };

describe('walletPay (spec 000 §4, §5)', () => {
  it('is the browser adapter on the web', () => {
    expect(walletPay().platform).toBe('web');
  });

  it('offers no wallet in a browser when the brand has no Stripe key, and cannot pay with one', async () => {
    const wallets = webWalletPay(null);
    await expect(wallets.availability(request)).resolves.toEqual({
      applePay: false,
      googlePay: false,
    });
    const createIntent = vi.fn(() => Promise.resolve({ intentId: 'pi_1', clientSecret: 's' }));
    await expect(wallets.pay('GOOGLEPAY', request, createIntent)).resolves.toEqual({
      kind: 'failed',
      message: null,
      code: 'NOT_INITIALISED',
    });
    expect(createIntent).not.toHaveBeenCalled();
  });
});
