/**
 * spec 000 §5, 001 §5: optional minus, then 0 or a number without a leading zero, then optional
 * decimals. "Decimals" means a dot followed by at least one digit, so '1.' and '.5' are rejected.
 */
export const DECIMAL_NUMBER_PATTERN = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

export function isDecimalNumber(text: string): boolean {
  return DECIMAL_NUMBER_PATTERN.test(text);
}
