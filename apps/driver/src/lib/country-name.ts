/** An ISO 3166-1 alpha-2 code: two letters. Intl.DisplayNames refuses anything else. */
const COUNTRY_CODE = /^[a-z]{2}$/i;

/**
 * A country's name in the driver's language, through Intl ('Émirats arabes unis' in French),
 * rather than the server's English name, which is kept for a code Intl does not know.
 */
export function countryName(code: string, locale: string, serverName: string): string {
  const upper = code.trim().toUpperCase();
  if (!COUNTRY_CODE.test(upper)) return serverName;
  const name = new Intl.DisplayNames(locale, { type: 'region', fallback: 'none' }).of(upper);
  return name ?? serverName;
}
