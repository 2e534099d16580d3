import type { Currency } from '@evc/contract';
import { balanceForDisplay, DEFAULT_DECIMAL_DIGITS } from '@evc/domain';

/** spec 000 §9: the balance shown is minus the stored value over 10^decimal_digits, via Intl. */
export function balanceText(storedMinor: number, currency: Currency, locale: string): string {
  const digits = currency.decimal_digits ?? DEFAULT_DECIMAL_DIGITS;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.code.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(balanceForDisplay(storedMinor, digits));
}
