import { homeTariff } from '@evc/contract';
import { chargerTimeZone, homeChargeCost, type HomeTariff } from '@evc/domain';

/** What of a charger a session's home charge needs. */
export interface HomeChargeCharger {
  home: boolean;
  homeTariff: unknown;
  country: string;
}

/** A session's 30-minute energy entries, as sessions keep them (value in kWh). */
export type HomeChargeEntry = { periodStart: string | Date; value: number };

/**
 * issue 16, spec 001 §3 transaction homeCharge: what a session at a home charger cost its owner
 * at their home tariff (`homeChargeCost` in packages/domain), its night window read in the
 * charger's time zone. Null at a public charger or a home charger with no home tariff. `currency`
 * is the session's (the charger's) currency.
 */
export function homeChargeOf<C extends { code: string }>(
  charger: HomeChargeCharger | null | undefined,
  entries: readonly HomeChargeEntry[],
  currency: C,
): { total: number; rate: number; currency: C } | null {
  if (!charger?.home || charger.homeTariff === null || charger.homeTariff === undefined)
    return null;
  const stored = homeTariff.safeParse(charger.homeTariff);
  if (!stored.success) return null;
  const tariff: HomeTariff = {
    dayRatePence: stored.data.dayRateCost,
    night: stored.data.nightRate && {
      ratePence: stored.data.nightRate.cost,
      start: stored.data.nightRate.start,
      end: stored.data.nightRate.end,
    },
    currency: currency.code,
  };
  const cost = homeChargeCost(
    tariff,
    entries.flatMap((entry) => {
      const periodStart = new Date(entry.periodStart);
      return Number.isNaN(periodStart.getTime()) ? [] : [{ periodStart, kWh: entry.value }];
    }),
    chargerTimeZone(charger.country),
  );
  return { total: cost.total, rate: cost.rate, currency };
}
