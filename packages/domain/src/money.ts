/** spec 000 §3: decimal_digits defaults to 2. */
export const DEFAULT_DECIMAL_DIGITS = 2;

export interface MoneyCurrency {
  code: string;
  decimal_digits?: number | null;
}

/**
 * spec 000 §9: the balance shown is minus the stored value divided by ten to the power
 * decimal_digits (the stored balance is negative when the user is in credit).
 */
export function balanceForDisplay(
  storedMinor: number,
  decimalDigits = DEFAULT_DECIMAL_DIGITS,
): number {
  const shown = -storedMinor / 10 ** decimalDigits;
  return shown === 0 ? 0 : shown;
}

/** Minor units as major units, e.g. 3000 pence → 30. */
export function minorToMajor(minor: number, decimalDigits = DEFAULT_DECIMAL_DIGITS): number {
  return minor / 10 ** decimalDigits;
}

/** Formats integer minor units with the currency's own digits through Intl. */
export function formatMoney(minor: number, currency: MoneyCurrency, locale: string): string {
  const digits = currency.decimal_digits ?? DEFAULT_DECIMAL_DIGITS;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.code.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minorToMajor(minor, digits));
}
