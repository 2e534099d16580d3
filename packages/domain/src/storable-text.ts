/** Half of a surrogate pair without its other half: not Unicode text at all. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = 'must not contain a NUL character or an unpaired surrogate';

/**
 * Whether text can be kept as it came: PostgreSQL text cannot hold NUL, and an unpaired UTF-16
 * surrogate would be silently replaced. Requests and charger messages are both refused on it.
 */
export const isStorableText = (value: string): boolean =>
  !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value);
