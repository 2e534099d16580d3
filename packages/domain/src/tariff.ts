// spec 000 §3, 001 §3. Money fields are integer minor units of the tariff's currency (rates per
// kWh, costs per period); periods are minutes.

/** spec 001 §9: a day has 48 half-hour periods. */
export const PERIODS_PER_DAY = 48;
export const MINUTES_PER_PERIOD = 30;

export interface TariffPeriod {
  standard_rate: number;
  available: boolean;
}

export interface TariffDay {
  /** ISO weekday: 1 = Monday … 7 = Sunday (the OCPI regular-hours convention). */
  weekday: number;
  /** 48 half-hour periods starting at 00:00 local time. */
  periods: TariffPeriod[];
}

export interface TariffVariability {
  twentyfourseven: boolean;
  regular_hours: TariffDay[];
}

export interface TariffCurrency {
  code: string;
  symbol: string;
  decimal_digits: number;
}

export interface Tariff {
  standard_rate: number;
  alternate_rate: number | null;
  /** 'HH:mm' when the alternate rate starts applying, or null. */
  alternate_time: string | null;
  connection_cost: number;
  costperperiod: number;
  period: number;
  initialperiod: number;
  currency: TariffCurrency;
  overstaycostperperiod: number;
  overstayperiod: number;
  overstaygraceperiod: number;
  payableByFuelCard: boolean;
  free: boolean;
  variability: TariffVariability | null;
}

export type TariffCosts = Pick<
  Tariff,
  | 'standard_rate'
  | 'alternate_rate'
  | 'connection_cost'
  | 'costperperiod'
  | 'overstaycostperperiod'
  | 'variability'
>;

/**
 * spec 001 §5: free when all rates, connection cost, per-period cost and overstay cost are zero
 * and every variable period rate is zero. Decided from the prices alone: the stored `free` flag is
 * what this function computes, not an input to it. A missing alternate rate counts as zero.
 */
export function isTariffFree(tariff: TariffCosts): boolean {
  const flatCosts = [
    tariff.standard_rate,
    tariff.alternate_rate ?? 0,
    tariff.connection_cost,
    tariff.costperperiod,
    tariff.overstaycostperperiod,
  ];
  const periodRates = (tariff.variability?.regular_hours ?? []).flatMap((day) =>
    day.periods.map((period) => period.standard_rate),
  );
  return [...flatCosts, ...periodRates].every((amount) => amount === 0);
}
