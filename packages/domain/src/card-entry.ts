/** The most digits a card number has (ISO/IEC 7812). */
export const CARD_NUMBER_MAX_DIGITS = 19;

/**
 * Issue 19: a card number as it is typed, in groups of 4 digits ('4242 4242 4242 4242'); what is
 * not a digit is left out, and digits past the 19th.
 */
export function cardNumberAsTyped(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Issue 19: a card's expiry as it is typed, 'MM / YY' (a four-digit year is kept, 'MM / YYYY');
 * a first digit above 1 can only be a month 02–09, so it reads as one.
 */
export function cardExpiryAsTyped(typed: string): string {
  let digits = typed.replace(/\D/g, '');
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 6);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}
