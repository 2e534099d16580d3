import { formatMoney } from '@evc/domain';

export const LOCALE = 'en-GB';

/** How many decimals a currency's minor units have (GBP 2, JPY 0), from Intl. */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat(LOCALE, {
        style: 'currency',
        currency: currency.toUpperCase(),
      }).resolvedOptions().maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

export function money(minor: number, currency: string): string {
  return formatMoney(minor, { code: currency, decimal_digits: currencyDigits(currency) }, LOCALE);
}

const dateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });

export function when(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

const kwh = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function energy(wh: number): string {
  return `${kwh.format(wh / 1000)} kWh`;
}
