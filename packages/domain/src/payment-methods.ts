import { DEFAULT_PREAUTH_MINOR, type PaymentMethod } from './constants.ts';

/** Where the app runs: wallets depend on it (spec 000 §4–§5). */
export type AppPlatform = 'web' | 'android' | 'ios';

/** What a money movement is for: a charging hold or a credit top-up. */
export type PaymentPurpose = 'charge' | 'topup';
export type CaptureMethod = 'manual' | 'automatic';

/** A top-up takes any amount from 1.00 to 1000.00 of the user's currency (minor units). */
export const TOPUP_MIN_MINOR = 100;
export const TOPUP_MAX_MINOR = 100_000;

/** Whether a top-up of this many minor units may be taken (whole units, within the limits). */
export function isTopUpAmountAllowed(amountMinor: number): boolean {
  return (
    Number.isInteger(amountMinor) &&
    amountMinor >= TOPUP_MIN_MINOR &&
    amountMinor <= TOPUP_MAX_MINOR
  );
}

/**
 * The credit a driver can spend, in minor units. spec 000 §3: the balance is *stored* negative
 * when the driver is in credit, so the available balance is minus the stored value.
 */
export function availableBalanceMinor(storedBalanceMinor: number): number {
  return storedBalanceMinor === 0 ? 0 : -storedBalanceMinor;
}

/** Whether two currency codes name the same currency ('gbp' and 'GBP' do). */
export function isSameCurrency(a: string, b: string): boolean {
  return a.trim().toUpperCase() === b.trim().toUpperCase();
}

/** What decides whether credit can pay a charge. */
export interface CreditUseInput {
  tariffFree: boolean;
  /** Available (not stored) balance in minor units (see availableBalanceMinor). */
  availableBalanceMinor: number;
  /** The currency the credit was bought in: the driver's account currency. */
  creditCurrency: string;
  /** The currency of the charger's tariff. */
  tariffCurrency: string;
}

/**
 * spec 000 §5: credit can be used if the tariff is free or the available balance is above 0.
 * Issue 19: credit stays in the currency it was bought in, so it never pays (nor is offered) at
 * a charger whose tariff is in another currency, free or not.
 */
export function isCreditUsable(input: CreditUseInput): boolean {
  if (!isSameCurrency(input.creditCurrency, input.tariffCurrency)) return false;
  return input.tariffFree || input.availableBalanceMinor > 0;
}

/** spec 000 §5: the fuel card is usable only if the tariff allows it (payableByFuelCard). */
export function isFuelCardUsable(tariff: { payableByFuelCard: boolean }): boolean {
  return tariff.payableByFuelCard;
}

/** spec 000 §4: CREDIT and FUELCARD need no payment intent; cards and wallets do. */
export function needsPaymentIntent(method: PaymentMethod): boolean {
  return method !== 'CREDIT' && method !== 'FUELCARD';
}

/** spec 000 §4: capture is manual for charging, automatic for top-ups. */
export function captureMethodFor(purpose: PaymentPurpose): CaptureMethod {
  return purpose === 'charge' ? 'manual' : 'automatic';
}

/** What the charging flow does about an intent before it starts. */
export type ChargeIntentPlan =
  | { kind: 'none' }
  | { kind: 'reuse'; intentId: string }
  | { kind: 'create'; captureMethod: CaptureMethod };

/**
 * spec 000 §4: with PAYG and an uncaptured intent present, that intent is reused; CREDIT and
 * FUELCARD need no intent; otherwise an intent is created (capture manual, for charging).
 */
export function planChargeIntent(input: {
  method: PaymentMethod;
  uncapturedIntentId: string | null;
}): ChargeIntentPlan {
  if (!needsPaymentIntent(input.method)) return { kind: 'none' };
  if (input.method === 'PAYG' && input.uncapturedIntentId)
    return { kind: 'reuse', intentId: input.uncapturedIntentId };
  return { kind: 'create', captureMethod: captureMethodFor('charge') };
}

/** The platform wallets (spec 000 §1). */
export const WALLETS = ['APPLEPAY', 'GOOGLEPAY'] as const;
export type Wallet = (typeof WALLETS)[number];

/** Whether a payment source names a platform wallet rather than a saved card. */
export function isWallet(source: string): source is Wallet {
  return (WALLETS as readonly string[]).includes(source);
}

/**
 * What the platform itself reports it can pay with: the browser's Payment Request API on the
 * web (e.g. Stripe's canMakePayment), the native wallet SDK on a phone.
 */
export interface WebWallets {
  applePay: boolean;
  googlePay: boolean;
}

/**
 * spec 000 §4–§5: Google Pay on Android, Apple Pay on iOS, never the other way round; and only
 * where the platform reports it (availability is checked per platform): the browser's Payment
 * Request API on the web, the wallet SDK on a phone.
 */
export function isWalletAvailable(
  wallet: Wallet,
  platform: AppPlatform,
  reported: WebWallets = { applePay: false, googlePay: false },
): boolean {
  switch (platform) {
    case 'android':
      return wallet === 'GOOGLEPAY' && reported.googlePay;
    case 'ios':
      return wallet === 'APPLEPAY' && reported.applePay;
    case 'web':
      return wallet === 'APPLEPAY' ? reported.applePay : reported.googlePay;
  }
}

/**
 * spec 000 §9, 001 §5: the hold placed on the card before charging is the default
 * pre-authorisation; nothing is held for a free tariff.
 */
export function preauthorisationMinor(tariffFree: boolean): number {
  return tariffFree ? 0 : DEFAULT_PREAUTH_MINOR;
}

export interface PaymentChoiceInput {
  platform: AppPlatform;
  tariff: { free: boolean; payableByFuelCard: boolean; currency: string };
  /** Available (not stored) balance in minor units. */
  availableBalanceMinor: number;
  /** The currency the credit is held in (the driver's account currency). */
  creditCurrency: string;
  hasCard: boolean;
  hasFuelCard: boolean;
  webWallets?: WebWallets;
}

/** The methods a driver may choose to pay a charge with, in the order the app lists them. */
export function usablePaymentMethods(input: PaymentChoiceInput): PaymentMethod[] {
  const methods: PaymentMethod[] = [];
  const credit = {
    tariffFree: input.tariff.free,
    availableBalanceMinor: input.availableBalanceMinor,
    creditCurrency: input.creditCurrency,
    tariffCurrency: input.tariff.currency,
  };
  if (isCreditUsable(credit)) methods.push('CREDIT');
  if (input.hasFuelCard && isFuelCardUsable(input.tariff)) methods.push('FUELCARD');
  if (input.hasCard) methods.push('PAYG');
  if (isWalletAvailable('APPLEPAY', input.platform, input.webWallets)) methods.push('APPLEPAY');
  if (isWalletAvailable('GOOGLEPAY', input.platform, input.webWallets)) methods.push('GOOGLEPAY');
  return methods;
}

/** Who pays a session started with the driver's RFID card: their credit or their default card. */
export type CardSessionSource = Extract<PaymentMethod, 'CREDIT' | 'PAYG'>;

/**
 * Issue 5: a session started with a linked RFID card is paid by the owner's "default payment
 * method or credit". Credit first when it is usable (000 §5: a free tariff, or a balance above
 * 0; issue 19: in the tariff's currency), so money the driver put aside is spent before a card is held; otherwise the saved default
 * card, held off-session; otherwise nobody can pay (null: the card is Blocked).
 */
export function cardSessionSource(
  input: CreditUseInput & { hasDefaultCard: boolean },
): CardSessionSource | null {
  if (isCreditUsable(input)) return 'CREDIT';
  return input.hasDefaultCard ? 'PAYG' : null;
}

const CARD_BRAND_NAMES: Readonly<Record<string, string>> = {
  amex: 'American Express',
  cartes_bancaires: 'Cartes Bancaires',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos Australia',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/**
 * A card network as drivers know it, from the provider's brand id ('visa' → 'Visa'); null when
 * the provider could not tell ('unknown') or names a network we do not know, so the app says
 * "Card" in the driver's language instead of showing an id.
 */
export function cardBrandName(brand: string): string | null {
  return CARD_BRAND_NAMES[brand.trim().toLowerCase()] ?? null;
}
