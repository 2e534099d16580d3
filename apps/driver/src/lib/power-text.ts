import { shownPowerKw } from '@evc/domain';

/**
 * A power as the driver reads it: '11 kW', '7,4 kW' — the domain's rounding, the number in the
 * driver's locale, and the SI symbol, the same in every language (Intl has no kilowatt unit).
 */
export function powerText(watts: number, locale: string): string {
  const kw = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(
    shownPowerKw(watts),
  );
  return `${kw}\u00a0kW`;
}
