import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { nativeWalletPay } from './wallet-pay-native.ts';

// Stripe's native SDKs run outside the web view: the plugin stands in at its module boundary,
// with the event names it really answers.
const sdk = vi.hoisted(() => ({
  initialize: vi.fn(),
  isGooglePayAvailable: vi.fn(),
  createGooglePay: vi.fn(),
  presentGooglePay: vi.fn(),
  isApplePayAvailable: vi.fn(),
  createApplePay: vi.fn(),
  presentApplePay: vi.fn(),
}));
vi.mock('@capacitor-community/stripe', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@capacitor-community/stripe')>()),
  Stripe: sdk,
}));

const request = { country: 'gb', currency: 'gbp', amountMinor: 3000, label: 'EV Charge' };
const intent = { intentId: 'pi_n', clientSecret: 'pi_n_secret' };
const merchant = 'merchant.com.example.ev';
let keys = 0;
/** A new publishable key per test: the SDK is set up once per key. */
const settings = (applePayMerchantId: string | null = merchant) => ({
  publishableKey: `pk_test_native${++keys}`,
  applePayMerchantId,
});

beforeEach(() => {
  for (const call of Object.values(sdk)) call.mockReset();
  sdk.initialize.mockResolvedValue(undefined);
  sdk.createGooglePay.mockResolvedValue(undefined);
  sdk.createApplePay.mockResolvedValue(undefined);
});

describe('nativeWalletPay: Google Pay on Android (spec 000 §4–§5)', () => {
  it('reports Google Pay when the SDK, set up with the brand’s key, says it is ready', async () => {
    sdk.isGooglePayAvailable.mockResolvedValue(undefined);
    const own = settings();
    const wallets = nativeWalletPay('android', own);
    await expect(wallets.availability(request)).resolves.toEqual({
      applePay: false,
      googlePay: true,
    });
    await wallets.availability(request);
    expect(sdk.initialize).toHaveBeenCalledTimes(1);
    expect(sdk.initialize).toHaveBeenCalledWith({ publishableKey: own.publishableKey });
    expect(sdk.isApplePayAvailable).not.toHaveBeenCalled();
  });

  it('reports none when the SDK rejects (no Google Pay set up on the phone or in the app)', async () => {
    sdk.isGooglePayAvailable.mockRejectedValue(new Error('Not implemented on Device.'));
    await expect(nativeWalletPay('android', settings()).availability(request)).resolves.toEqual({
      applePay: false,
      googlePay: false,
    });
  });

  it('reports none without a Stripe key, and asks the SDK nothing', async () => {
    const wallets = nativeWalletPay('android', { publishableKey: null, applePayMerchantId: null });
    await expect(wallets.availability(request)).resolves.toEqual({
      applePay: false,
      googlePay: false,
    });
    expect(sdk.initialize).not.toHaveBeenCalled();
  });

  it('makes the intent first, then the sheet confirms it: the hold is placed', async () => {
    sdk.presentGooglePay.mockResolvedValue({ paymentResult: 'googlePayCompleted' });
    const createIntent = vi.fn(() => Promise.resolve(intent));
    await expect(
      nativeWalletPay('android', settings()).pay('GOOGLEPAY', request, createIntent),
    ).resolves.toEqual({ kind: 'paid', intentId: 'pi_n' });
    expect(sdk.createGooglePay).toHaveBeenCalledWith({
      paymentIntentClientSecret: 'pi_n_secret',
      paymentSummaryItems: [{ label: 'EV Charge', amount: 30 }],
      countryCode: 'GB',
      currency: 'GBP',
    });
    expect(createIntent.mock.invocationCallOrder[0]).toBeLessThan(
      sdk.createGooglePay.mock.invocationCallOrder[0] ?? 0,
    );
  });

  it.each([
    ['googlePayCanceled', { kind: 'cancelled' }],
    ['googlePayFailed', { kind: 'failed', message: null }],
  ])('the sheet answering %s is %o', async (paymentResult, expected) => {
    sdk.presentGooglePay.mockResolvedValue({ paymentResult });
    await expect(
      nativeWalletPay('android', settings()).pay('GOOGLEPAY', request, () =>
        Promise.resolve(intent),
      ),
    ).resolves.toEqual(expected);
  });

  it('when our server refuses the intent, no sheet opens and its message is kept', async () => {
    const refused = new ApiError(
      400,
      'VALIDATION',
      'amount: must be the charger’s pre-authorisation',
    );
    await expect(
      nativeWalletPay('android', settings()).pay('GOOGLEPAY', request, () =>
        Promise.reject(refused),
      ),
    ).resolves.toEqual({ kind: 'failed', message: refused.message });
    expect(sdk.createGooglePay).not.toHaveBeenCalled();
  });

  it('never pays with Apple Pay on Android', async () => {
    const createIntent = vi.fn(() => Promise.resolve(intent));
    await expect(
      nativeWalletPay('android', settings()).pay('APPLEPAY', request, createIntent),
    ).resolves.toEqual({ kind: 'failed', message: null });
    expect(createIntent).not.toHaveBeenCalled();
  });
});

describe('nativeWalletPay: Apple Pay on iOS (spec 000 §4–§5)', () => {
  it('reports Apple Pay when the SDK says the phone can pay', async () => {
    sdk.isApplePayAvailable.mockResolvedValue(undefined);
    await expect(nativeWalletPay('ios', settings()).availability(request)).resolves.toEqual({
      applePay: true,
      googlePay: false,
    });
    expect(sdk.isGooglePayAvailable).not.toHaveBeenCalled();
  });

  it('reports none without the brand’s Apple Pay merchant identifier', async () => {
    sdk.isApplePayAvailable.mockResolvedValue(undefined);
    await expect(nativeWalletPay('ios', settings(null)).availability(request)).resolves.toEqual({
      applePay: false,
      googlePay: false,
    });
  });

  it('pays the hold through the Apple Pay sheet with the merchant identifier', async () => {
    sdk.presentApplePay.mockResolvedValue({ paymentResult: 'applePayCompleted' });
    await expect(
      nativeWalletPay('ios', settings()).pay('APPLEPAY', request, () => Promise.resolve(intent)),
    ).resolves.toEqual({ kind: 'paid', intentId: 'pi_n' });
    expect(sdk.createApplePay).toHaveBeenCalledWith({
      paymentIntentClientSecret: 'pi_n_secret',
      paymentSummaryItems: [{ label: 'EV Charge', amount: 30 }],
      merchantIdentifier: merchant,
      countryCode: 'GB',
      currency: 'GBP',
    });
  });

  it('shows the amount in the currency’s own digits (yen has none)', async () => {
    sdk.presentApplePay.mockResolvedValue({ paymentResult: 'applePayCanceled' });
    await expect(
      nativeWalletPay('ios', settings()).pay(
        'APPLEPAY',
        { ...request, currency: 'JPY', amountMinor: 3000 },
        () => Promise.resolve(intent),
      ),
    ).resolves.toEqual({ kind: 'cancelled' });
    expect(sdk.createApplePay).toHaveBeenCalledWith(
      expect.objectContaining({ paymentSummaryItems: [{ label: 'EV Charge', amount: 3000 }] }),
    );
  });

  it('a sheet the SDK cannot open is a failure, without the SDK’s own text', async () => {
    sdk.presentApplePay.mockRejectedValue(new Error('STPApplePayContext is failed'));
    await expect(
      nativeWalletPay('ios', settings()).pay('APPLEPAY', request, () => Promise.resolve(intent)),
    ).resolves.toEqual({ kind: 'failed', message: null });
  });
});
