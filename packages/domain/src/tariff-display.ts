/**
 * spec 000 §2: the charger page shows the tariff in pence per kWh. Rates are currency units per
 * kWh (0.45); pounds become pence (45p/kWh), other currencies keep their units (€0.45/kWh).
 * Rounding: to hundredths of a penny or cent, trailing zeros dropped for pence.
 */
export function ratePerKwhText(rate: number, currencyCode: string, locale = 'en-GB'): string {
  if (currencyCode.toUpperCase() === 'GBP') {
    const pence = Math.round(rate * 100 * 100) / 100;
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(pence)}p/kWh`;
  }
  const amount = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currencyCode.toUpperCase(),
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(rate);
  return `${amount}/kWh`;
}

/** An amount charged (integer minor units) in the tariff's currency, e.g. 150 GBP → £1.50. */
export function minorAmountText(
  minor: number,
  currencyCode: string,
  locale = 'en-GB',
  decimalDigits = 2,
): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currencyCode.toUpperCase(),
    minimumFractionDigits: decimalDigits,
    maximumFractionDigits: decimalDigits,
  }).format(minor / 10 ** decimalDigits);
}
