import { isDecimalNumber } from './decimal-number.ts';
import { DEFAULT_DECIMAL_DIGITS } from './money.ts';

/**
 * A typed amount in major units ("12.5") as integer minor units (1250), or null when it is not
 * a plain non-negative decimal (spec 000 §5) or has more decimals than the currency has.
 */
export function majorAmountToMinor(
  text: string,
  decimalDigits = DEFAULT_DECIMAL_DIGITS,
): number | null {
  const trimmed = text.trim();
  if (!isDecimalNumber(trimmed) || trimmed.startsWith('-')) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  if (fraction.length > decimalDigits) return null;
  // Digits, not floating point: 0.29 * 100 is 28.999999999999996.
  const minor = Number(whole + fraction.padEnd(decimalDigits, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}
