/** An ISO 4217 code: three letters. Intl.DisplayNames refuses anything else. */
const CURRENCY_CODE = /^[a-z]{3}$/i;

/**
 * A currency's name in the driver's language, through Intl ('United Arab Emirates Dirham' in English, 'Dirham des
 * Émirats arabes unis' in French), rather than the server's English name. Capitalised, as a label
 * standing alone in a list is in every language of the app; an unknown code reads as itself.
 */
export function currencyName(code: string, locale: string): string {
  const upper = code.trim().toUpperCase();
  if (!CURRENCY_CODE.test(upper)) return upper;
  const name = new Intl.DisplayNames(locale, { type: 'currency' }).of(upper) ?? upper;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}
