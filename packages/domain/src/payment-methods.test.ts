import { describe, expect, it } from 'vitest';
import type { PaymentMethod } from './constants.ts';
import {
  availableBalanceMinor,
  captureMethodFor,
  cardBrandName,
  cardSessionSource,
  isCreditUsable,
  isFuelCardUsable,
  isSameCurrency,
  isTopUpAmountAllowed,
  isWallet,
  isWalletAvailable,
  needsPaymentIntent,
  planChargeIntent,
  preauthorisationMinor,
  usablePaymentMethods,
  type AppPlatform,
  type CardSessionSource,
  type ChargeIntentPlan,
  type PaymentChoiceInput,
  type WebWallets,
} from './payment-methods.ts';

const inPounds = { creditCurrency: 'GBP', tariffCurrency: 'gbp' };

describe('availableBalanceMinor (spec 000 §3: stored negative when in credit)', () => {
  it.each<[string, number, number]>([
    ['a stored -1500 is 15.00 of credit', -1500, 1500],
    ['a stored 250 is 2.50 owed', 250, -250],
    ['a stored 0 is nothing, not -0', 0, 0],
  ])('%s', (_label, stored, available) => {
    expect(Object.is(availableBalanceMinor(stored), available)).toBe(true);
  });
});

describe('isCreditUsable (spec 000 §5: free tariff or available balance above 0)', () => {
  it.each<[string, boolean, number, boolean]>([
    ['free tariff, no balance', true, 0, true],
    ['free tariff, in debt', true, -500, true],
    ['paid tariff, balance above 0', false, 1, true],
    ['paid tariff, balance exactly 0', false, 0, false],
    ['paid tariff, in debt', false, -1, false],
  ])('%s', (_label, tariffFree, available, usable) => {
    expect(isCreditUsable({ tariffFree, availableBalanceMinor: available, ...inPounds })).toBe(
      usable,
    );
  });

  it('reads the available balance: a stored -1500 (in credit) is usable', () => {
    const credit = (stored: number) => ({
      tariffFree: false,
      availableBalanceMinor: availableBalanceMinor(stored),
      ...inPounds,
    });
    expect(isCreditUsable(credit(-1500))).toBe(true);
    expect(isCreditUsable(credit(1500))).toBe(false);
  });
});

describe('isCreditUsable (issue 19: credit stays in the currency it was bought in)', () => {
  it.each<[string, string, string, boolean, boolean]>([
    ['£ credit at a £ charger', 'GBP', 'gbp', false, true],
    [
      '£ credit at a € charger: "never offered or usable at a charger of another currency"',
      'GBP',
      'EUR',
      false,
      false,
    ],
    ['£ credit at a free € charger: still not usable', 'GBP', 'EUR', true, false],
    ['€ credit at a € charger, codes in either case', 'eur', 'EUR', false, true],
  ])('%s', (_label, creditCurrency, tariffCurrency, tariffFree, usable) => {
    expect(
      isCreditUsable({ tariffFree, availableBalanceMinor: 1000, creditCurrency, tariffCurrency }),
    ).toBe(usable);
  });
});

describe('isSameCurrency', () => {
  it.each<[string, string, boolean]>([
    ['GBP', 'gbp', true],
    ['EUR', 'GBP', false],
    [' usd', 'USD', true],
  ])('%j and %j → %s', (a, b, same) => {
    expect(isSameCurrency(a, b)).toBe(same);
  });
});

describe('isFuelCardUsable (spec 000 §5: only if the tariff allows it)', () => {
  it.each<[boolean, boolean]>([
    [true, true],
    [false, false],
  ])('payableByFuelCard %s → %s', (payableByFuelCard, usable) => {
    expect(isFuelCardUsable({ payableByFuelCard })).toBe(usable);
  });
});

describe('needsPaymentIntent (spec 000 §4: CREDIT and FUELCARD need no intent)', () => {
  it.each<[PaymentMethod, boolean]>([
    ['CREDIT', false],
    ['FUELCARD', false],
    ['PAYG', true],
    ['APPLEPAY', true],
    ['GOOGLEPAY', true],
  ])('%s → %s', (method, needed) => {
    expect(needsPaymentIntent(method)).toBe(needed);
  });
});

describe('captureMethodFor (spec 000 §4: manual for charging, automatic for top-ups)', () => {
  it.each([
    ['charge', 'manual'],
    ['topup', 'automatic'],
  ] as const)('%s → %s', (purpose, capture) => {
    expect(captureMethodFor(purpose)).toBe(capture);
  });
});

describe('planChargeIntent (spec 000 §4: PAYG reuses an uncaptured intent)', () => {
  const create: ChargeIntentPlan = { kind: 'create', captureMethod: 'manual' };
  it.each<[string, PaymentMethod, string | null, ChargeIntentPlan]>([
    [
      'PAYG with an uncaptured intent reuses it',
      'PAYG',
      'pi_1',
      { kind: 'reuse', intentId: 'pi_1' },
    ],
    ['PAYG without one creates an intent', 'PAYG', null, create],
    ['CREDIT needs no intent', 'CREDIT', null, { kind: 'none' }],
    ['CREDIT ignores an uncaptured intent', 'CREDIT', 'pi_1', { kind: 'none' }],
    ['FUELCARD needs no intent', 'FUELCARD', 'pi_1', { kind: 'none' }],
    ['Google Pay creates an intent even with an uncaptured one', 'GOOGLEPAY', 'pi_1', create],
    ['Apple Pay creates an intent', 'APPLEPAY', null, create],
  ])('%s', (_label, method, uncapturedIntentId, plan) => {
    expect(planChargeIntent({ method, uncapturedIntentId })).toEqual(plan);
  });
});

describe('isWalletAvailable (spec 000 §4–§5: Google Pay on Android, Apple Pay on iOS)', () => {
  const offered: WebWallets = { applePay: true, googlePay: true };
  const none: WebWallets = { applePay: false, googlePay: false };
  it.each<[string, 'APPLEPAY' | 'GOOGLEPAY', AppPlatform, WebWallets, boolean]>([
    ['Google Pay on Android', 'GOOGLEPAY', 'android', offered, true],
    ['Google Pay on Android only when the device reports it', 'GOOGLEPAY', 'android', none, false],
    ['Google Pay does not work on iOS', 'GOOGLEPAY', 'ios', offered, false],
    ['Apple Pay on iOS', 'APPLEPAY', 'ios', offered, true],
    ['Apple Pay on iOS only when the device reports it', 'APPLEPAY', 'ios', none, false],
    ['Apple Pay does not work on Android', 'APPLEPAY', 'android', offered, false],
    ['web: Google Pay when the browser offers it', 'GOOGLEPAY', 'web', offered, true],
    ['web: Google Pay not offered', 'GOOGLEPAY', 'web', none, false],
    ['web: Apple Pay when the browser offers it', 'APPLEPAY', 'web', offered, true],
    [
      'web: Apple Pay not offered though Google Pay is',
      'APPLEPAY',
      'web',
      { applePay: false, googlePay: true },
      false,
    ],
  ])('%s', (_label, wallet, platform, webWallets, available) => {
    expect(isWalletAvailable(wallet, platform, webWallets)).toBe(available);
  });

  it('web without a Payment Request answer offers no wallet', () => {
    expect(isWalletAvailable('GOOGLEPAY', 'web')).toBe(false);
    expect(isWalletAvailable('APPLEPAY', 'web')).toBe(false);
  });
});

describe('isWallet (spec 000 §1: APPLEPAY and GOOGLEPAY are the platform wallets)', () => {
  it.each<[string, boolean]>([
    ['APPLEPAY', true],
    ['GOOGLEPAY', true],
    ['PAYG', false],
    ['CREDIT', false],
    ['pm_1Abc', false],
    ['googlepay', false],
  ])('%s → %s', (source, wallet) => {
    expect(isWallet(source)).toBe(wallet);
  });
});

describe('preauthorisationMinor (spec 000 §9: default 3000 minor units)', () => {
  it.each<[boolean, number]>([
    [false, 3000],
    [true, 0],
  ])('free tariff %s → %i', (free, amount) => {
    expect(preauthorisationMinor(free)).toBe(amount);
  });
});

describe('usablePaymentMethods', () => {
  const base: PaymentChoiceInput = {
    platform: 'web',
    tariff: { free: false, payableByFuelCard: false, currency: 'gbp' },
    availableBalanceMinor: 0,
    creditCurrency: 'GBP',
    hasCard: false,
    hasFuelCard: false,
  };
  it.each<[string, Partial<PaymentChoiceInput>, PaymentMethod[]]>([
    ['nothing saved, no credit, paid tariff', {}, []],
    ['a card on the web', { hasCard: true }, ['PAYG']],
    ['credit and a card', { hasCard: true, availableBalanceMinor: 1 }, ['CREDIT', 'PAYG']],
    [
      'credit in another currency is not offered (issue 19)',
      { hasCard: true, availableBalanceMinor: 1000, creditCurrency: 'EUR' },
      ['PAYG'],
    ],
    [
      'a free tariff allows credit at 0',
      { tariff: { free: true, payableByFuelCard: false, currency: 'gbp' } },
      ['CREDIT'],
    ],
    ['a fuel card the tariff refuses', { hasFuelCard: true }, []],
    [
      'a fuel card the tariff accepts',
      { hasFuelCard: true, tariff: { free: false, payableByFuelCard: true, currency: 'gbp' } },
      ['FUELCARD'],
    ],
    [
      'a tariff for fuel cards but none saved',
      { tariff: { free: false, payableByFuelCard: true, currency: 'gbp' } },
      [],
    ],
    [
      'Android offers Google Pay where the device has it',
      { platform: 'android', hasCard: true, webWallets: { applePay: true, googlePay: true } },
      ['PAYG', 'GOOGLEPAY'],
    ],
    ['Android without Google Pay set up offers none', { platform: 'android' }, []],
    [
      'iOS offers Apple Pay where the device has it',
      { platform: 'ios', webWallets: { applePay: true, googlePay: false } },
      ['APPLEPAY'],
    ],
    [
      'web offers what the browser offers',
      { webWallets: { applePay: true, googlePay: false } },
      ['APPLEPAY'],
    ],
  ])('%s', (_label, overrides, methods) => {
    expect(usablePaymentMethods({ ...base, ...overrides })).toEqual(methods);
  });
});

describe('isTopUpAmountAllowed (1.00 to 1000.00 of the user’s currency)', () => {
  it.each<[number, boolean]>([
    [99, false],
    [100, true],
    [3000, true],
    [100_000, true],
    [100_001, false],
    [150.5, false],
    [0, false],
    [-500, false],
  ])('%d minor units → %s', (amount, allowed) => {
    expect(isTopUpAmountAllowed(amount)).toBe(allowed);
  });
});

describe('cardSessionSource (issue 5: an RFID session is paid by credit, else the default card)', () => {
  it.each<[string, boolean, number, boolean, CardSessionSource | null]>([
    ['free tariff: credit, nothing to hold', true, 0, true, 'CREDIT'],
    ['free tariff, no card, in debt: still credit', true, -500, false, 'CREDIT'],
    ['credit to spend: credit before the card', false, 1, true, 'CREDIT'],
    ['credit to spend, no card', false, 2500, false, 'CREDIT'],
    ['no credit, a default card: the card', false, 0, true, 'PAYG'],
    ['in debt, a default card: the card', false, -300, true, 'PAYG'],
    ['no credit, no card: nobody pays', false, 0, false, null],
    ['in debt, no card: nobody pays', false, -1, false, null],
  ])('%s', (_label, tariffFree, available, hasDefaultCard, source) => {
    expect(
      cardSessionSource({
        tariffFree,
        availableBalanceMinor: available,
        hasDefaultCard,
        ...inPounds,
      }),
    ).toBe(source);
  });

  it('credit in another currency never pays: the default card does (issue 19)', () => {
    const credit = { tariffFree: false, availableBalanceMinor: 2500, creditCurrency: 'GBP' };
    expect(cardSessionSource({ ...credit, tariffCurrency: 'EUR', hasDefaultCard: true })).toBe(
      'PAYG',
    );
    expect(cardSessionSource({ ...credit, tariffCurrency: 'EUR', hasDefaultCard: false })).toBe(
      null,
    );
  });
});

describe('cardBrandName (the provider’s brand id as drivers know the network)', () => {
  it.each<[string, string | null]>([
    ['visa', 'Visa'],
    ['mastercard', 'Mastercard'],
    ['amex', 'American Express'],
    ['diners', 'Diners Club'],
    ['discover', 'Discover'],
    ['jcb', 'JCB'],
    ['unionpay', 'UnionPay'],
    ['eftpos_au', 'eftpos Australia'],
    ['cartes_bancaires', 'Cartes Bancaires'],
    ['Visa', 'Visa'],
    ['unknown', null],
    ['', null],
    ['maestro-like', null],
  ])('%j → %j', (brand, name) => {
    expect(cardBrandName(brand)).toBe(name);
  });
});
