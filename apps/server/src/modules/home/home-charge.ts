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

/** What of a session its home charge needs: its energy and the home tariff when it started. */
export interface HomeChargeSession {
  breakdown: readonly HomeChargeEntry[];
  homeTariff?: unknown;
}

/** The home tariff a session at this charger starts under: kept on the session (null elsewhere). */
export const homeTariffAtStart = (charger: HomeChargeCharger): unknown =>
  charger.home ? charger.homeTariff : null;

/**
 * issue 16, spec 001 §3 transaction homeCharge: what a session at a home charger cost its owner
 * at their home tariff (`homeChargeCost` in packages/domain), its night window read in the
 * charger's time zone. Costed at the tariff in force when the session started (a later change of
 * tariff does not re-price it); sessions recorded before that was kept use the charger's. Null at
 * a public charger or with no home tariff. `currency` is the session's (the charger's) currency.
 */
export function homeChargeOf<C extends { code: string }>(
  charger: HomeChargeCharger | null | undefined,
  session: HomeChargeSession,
  currency: C,
): { total: number; rate: number; currency: C } | null {
  if (!charger?.home) return null;
  const inForce = session.homeTariff ?? charger.homeTariff;
  if (inForce === null || inForce === undefined) return null;
  const entries = session.breakdown;
  const stored = homeTariff.safeParse(inForce);
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
