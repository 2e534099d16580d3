const METRES_PER_MILE = 1609.344;
const METRES_PER_YARD = 0.9144;
/** Road signs in the UK (English, Welsh) read miles; the other languages' countries read km. */
const MILE_LANGUAGES = new Set(['en', 'cy']);

/** Below a tenth of a mile, or a kilometre, a charger is a walk away: yards or metres say it. */
const SHORT_MILES = 0.1;
const SHORT_KM = 1;

function format(value: number, unit: string, locale: string, fractionDigits: number): string {
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

/** A distance for the driver's language: '2.4 mi', '80 yd', '3.9 km' or '250 m', through Intl. */
export function distanceText(metres: number, locale: string): string {
  const miles = MILE_LANGUAGES.has(locale.split('-')[0] ?? locale);
  if (miles) {
    const value = metres / METRES_PER_MILE;
    if (value < SHORT_MILES) {
      return format(Math.round(metres / METRES_PER_YARD / 10) * 10, 'yard', locale, 0);
    }
    return format(value, 'mile', locale, value < 10 ? 1 : 0);
  }
  const value = metres / 1000;
  if (value < SHORT_KM) return format(Math.round(metres / 10) * 10, 'meter', locale, 0);
  return format(value, 'kilometer', locale, value < 10 ? 1 : 0);
}
