import type { TariffCosts } from './tariff.ts';

/**
 * The time zone a charger's clock reads in, from its country (ISO 3166-1 alpha-2): the night
 * window of a home tariff (spec 001 §3) is local time at the charger, so a UK night from 00:00 is
 * 23:00 UTC in summer. A country spanning several zones reads its capital's; one not listed reads
 * UTC, as tariff periods do elsewhere.
 */
const COUNTRY_TIME_ZONES: Readonly<Record<string, string>> = {
  GB: 'Europe/London',
  IE: 'Europe/Dublin',
  FR: 'Europe/Paris',
  DE: 'Europe/Berlin',
  ES: 'Europe/Madrid',
  IT: 'Europe/Rome',
  NL: 'Europe/Amsterdam',
  BE: 'Europe/Brussels',
  PT: 'Europe/Lisbon',
  AT: 'Europe/Vienna',
  CH: 'Europe/Zurich',
  DK: 'Europe/Copenhagen',
  NO: 'Europe/Oslo',
  SE: 'Europe/Stockholm',
  FI: 'Europe/Helsinki',
  PL: 'Europe/Warsaw',
  AE: 'Asia/Dubai',
  US: 'America/New_York',
  CA: 'America/Toronto',
  AU: 'Australia/Sydney',
  NZ: 'Pacific/Auckland',
};

export const DEFAULT_CHARGER_TIME_ZONE = 'UTC';

export function chargerTimeZone(country: string): string {
  return COUNTRY_TIME_ZONES[country.trim().toUpperCase()] ?? DEFAULT_CHARGER_TIME_ZONE;
}

/**
 * Issue 16: charging at one's own home charger needs no payment (the owner pays their energy
 * supplier, whose cost is the session's home charge). The session's tariff is the charger's with
 * every price zero: free (spec 001 §5), in the charger's currency.
 */
export function ownerHomeTariff<T extends TariffCosts>(tariff: T): T {
  return {
    ...tariff,
    standard_rate: 0,
    alternate_rate: tariff.alternate_rate === null ? null : 0,
    connection_cost: 0,
    costperperiod: 0,
    overstaycostperperiod: 0,
    variability: tariff.variability && {
      ...tariff.variability,
      regular_hours: tariff.variability.regular_hours.map((day) => ({
        ...day,
        periods: day.periods.map((period) => ({ ...period, standard_rate: 0 })),
      })),
    },
  };
}

/** Whether a home charger is this user's own: only then does it charge them nothing. */
export function isOwnHomeCharger(
  charger: { home: boolean; ownerId: string | null },
  userId: string | null,
): boolean {
  return charger.home && userId !== null && charger.ownerId === userId;
}
