import type { User } from '@evc/contract';
import {
  DEFAULT_CURRENCY,
  DEFAULT_DECIMAL_DIGITS,
  formatMoney,
  isTopUpAmountAllowed,
  majorAmountToMinor,
  TOPUP_MAX_MINOR,
  TOPUP_MIN_MINOR,
  type MoneyCurrency,
} from '@evc/domain';

/**
 * A typed top-up amount in minor units, or null when the domain rule refuses it. Where the
 * driver's language writes decimals with a comma (fr, es, it: "12,50"), the comma is read as
 * the decimal point.
 */
export function topUpMinor(text: string, currency: MoneyCurrency, locale = 'en'): number | null {
  const typed = decimalSeparator(locale) === ',' ? text.replace(',', '.') : text;
  const minor = majorAmountToMinor(typed, currency.decimal_digits ?? DEFAULT_DECIMAL_DIGITS);
  return minor !== null && isTopUpAmountAllowed(minor) ? minor : null;
}

const decimalSeparator = (locale: string) =>
  new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ??
  '.';

/** The limits of a top-up in the driver's currency, for the message that names them. */
export function topUpLimits(currency: MoneyCurrency, locale: string) {
  return {
    min: formatMoney(TOPUP_MIN_MINOR, currency, locale),
    max: formatMoney(TOPUP_MAX_MINOR, currency, locale),
  };
}

/** The currency a driver tops up in: their preferred one (spec 000 §9: gbp by default). */
export const driverCurrency = (user: User | null | undefined): MoneyCurrency =>
  user?.preferredCurrency ?? { code: DEFAULT_CURRENCY, decimal_digits: DEFAULT_DECIMAL_DIGITS };
