const METRES_PER_MILE = 1609.344;
/** Road signs in the UK (English, Welsh) read miles; the other languages' countries read km. */
const MILE_LANGUAGES = new Set(['en', 'cy']);

/** A distance for the driver's language: '2.4 mi' or '3.9 km', through Intl. */
export function distanceText(metres: number, locale: string): string {
  const miles = MILE_LANGUAGES.has(locale.split('-')[0] ?? locale);
  const value = miles ? metres / METRES_PER_MILE : metres / 1000;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: miles ? 'mile' : 'kilometer',
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
