/** 1 international mile in km (exact by definition). */
export const KM_PER_MILE = 1.609344;

/**
 * CO2 a driver avoids per km by not driving a petrol car: 164 g CO2e/km, the "Average car, Petrol"
 * factor (0.164 kg CO2e per km, tailpipe) of the UK Government GHG Conversion Factors for Company
 * Reporting 2023 (DESNZ). The saving is gross: the grid electricity's own emissions are not
 * subtracted, since the charger's supply mix is not known.
 */
export const PETROL_CAR_CO2_GRAMS_PER_KM = 164;

export type DashboardWindowKind = 'month' | 'year' | 'days';

export interface DashboardWindow {
  kind: DashboardWindowKind;
  from: Date;
  to: Date;
  /** How the window is cut for the charts: days for a month or N days, months for a year. */
  bucket: 'day' | 'month';
}

export interface DashboardWindowRequest {
  /** The first moment of an N-days window: the driver's midnight N − 1 days ago. */
  startdate: Date | null;
  /** The last 1 year rather than the last 1 month. */
  years: boolean;
  /** The end of the window: now, as the driver's device sees it. */
  today: Date;
}

const DAY_MS = 86_400_000;

/** The same day of the month `months` months earlier, the month's last day when it has no such day. */
function monthsBefore(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() - months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * spec 000 §9 dashboard windows: the last 1 year (`years`), N days from midnight (`startdate`, the
 * driver's midnight N − 1 days ago, see `midnightDaysBefore`), or else the last 1 month. Each ends
 * at `today`.
 */
export function dashboardWindow(request: DashboardWindowRequest): DashboardWindow {
  const to = request.today;
  if (request.years) return { kind: 'year', from: monthsBefore(to, 12), to, bucket: 'month' };
  if (request.startdate) return { kind: 'days', from: request.startdate, to, bucket: 'day' };
  return { kind: 'month', from: monthsBefore(to, 1), to, bucket: 'day' };
}

/** Why a window cannot be shown (null when it can): it must not start after it ends. */
export function dashboardWindowProblem(window: DashboardWindow): string | null {
  return window.from.getTime() > window.to.getTime() ? 'must not be after today' : null;
}

/**
 * spec 000 §9 "N days from midnight": the driver's midnight `days` − 1 days before `now`, so 1 day
 * is today since midnight. `utcOffsetMinutes` is the driver's zone (+60 for UTC+1).
 */
export function midnightDaysBefore(now: Date, days: number, utcOffsetMinutes: number): Date {
  const local = now.getTime() + utcOffsetMinutes * 60_000;
  const localMidnight = Math.floor(local / DAY_MS) * DAY_MS;
  return new Date(localMidnight - (Math.max(1, days) - 1) * DAY_MS - utcOffsetMinutes * 60_000);
}

export interface DashboardBucket {
  start: Date;
  end: Date;
}

/** The chart's bars: whole days or calendar months from the window's start, the last one cut at its end. */
export function dashboardBuckets(window: DashboardWindow): DashboardBucket[] {
  const buckets: DashboardBucket[] = [];
  let start = window.from;
  let step = 1;
  while (start.getTime() < window.to.getTime()) {
    const next =
      window.bucket === 'day'
        ? new Date(window.from.getTime() + step * DAY_MS)
        : monthsBefore(window.from, -step);
    buckets.push({ start, end: next.getTime() < window.to.getTime() ? next : window.to });
    start = next;
    step += 1;
  }
  return buckets;
}

/** One finished charge as the dashboard counts it. */
export interface DashboardCharge {
  startedAt: Date;
  /** meterStop − meterStart. */
  energyWh: number;
  durationSeconds: number;
  /** What the charge cost, minor units of `currency`. */
  costMinor: number;
  currency: string;
  /** At a home charger with a home tariff: what its energy cost the owner (issue 16). */
  homeCharge?: { total: number; currency: string } | null;
}

export interface DashboardSpend {
  currency: string;
  /** Minor units. */
  total: number;
  /** Minor units per km, 2 decimals; null when no distance is known. */
  costPerKm: number | null;
}

export interface DashboardTotals {
  sessions: number;
  /** 2 decimals (001 §9). */
  kWh: number;
  /** Distance the energy drives the driver's car, 1 decimal; null without a car's miles per kWh. */
  km: number | null;
  chargeSeconds: number;
  /** kg, 2 decimals; null without a distance. */
  co2SavedKg: number | null;
  /** One entry per currency paid in, by currency code. */
  spent: DashboardSpend[];
  /** What the energy cost at home (home tariffs), minor units per currency, by currency code. */
  homeSpent: { currency: string; total: number }[];
}

const round = (value: number, decimals: number) => {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
};

/**
 * spec 000 §2 dashboard summary: total kWh, km (kWh × the car's miles per kWh × 1.609344), charge
 * time, CO2 saved (km × PETROL_CAR_CO2_GRAMS_PER_KM), cost per km and total spent per currency.
 * Figures are rounded once, from the exact sums.
 */
export function dashboardTotals(
  charges: readonly DashboardCharge[],
  milesPerKwh: number | null,
): DashboardTotals {
  const wh = charges.reduce((sum, charge) => sum + Math.max(0, charge.energyWh), 0);
  const exactKm = milesPerKwh && milesPerKwh > 0 ? (wh / 1000) * milesPerKwh * KM_PER_MILE : null;
  const byCurrency = new Map<string, number>();
  const homeByCurrency = new Map<string, number>();
  for (const charge of charges) {
    byCurrency.set(charge.currency, (byCurrency.get(charge.currency) ?? 0) + charge.costMinor);
    const home = charge.homeCharge;
    if (home)
      homeByCurrency.set(home.currency, (homeByCurrency.get(home.currency) ?? 0) + home.total);
  }
  return {
    sessions: charges.length,
    kWh: round(wh / 1000, 2),
    km: exactKm === null ? null : round(exactKm, 1),
    chargeSeconds: charges.reduce((sum, charge) => sum + Math.max(0, charge.durationSeconds), 0),
    co2SavedKg: exactKm === null ? null : round((exactKm * PETROL_CAR_CO2_GRAMS_PER_KM) / 1000, 2),
    spent: [...byCurrency]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, total]) => ({
        currency,
        total,
        costPerKm: exactKm ? round(total / exactKm, 2) : null,
      })),
    homeSpent: [...homeByCurrency]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, total]) => ({ currency, total })),
  };
}

export interface DashboardSummary {
  window: DashboardWindow;
  totals: DashboardTotals;
  buckets: (DashboardBucket & { totals: DashboardTotals })[];
}

/** The window's totals and one set per bucket; a charge counts where it started. */
export function dashboardSummary(
  window: DashboardWindow,
  charges: readonly DashboardCharge[],
  milesPerKwh: number | null,
): DashboardSummary {
  const inside = (charge: DashboardCharge, from: Date, to: Date, last: boolean) => {
    const at = charge.startedAt.getTime();
    return at >= from.getTime() && (last ? at <= to.getTime() : at < to.getTime());
  };
  const buckets = dashboardBuckets(window);
  return {
    window,
    totals: dashboardTotals(
      charges.filter((charge) => inside(charge, window.from, window.to, true)),
      milesPerKwh,
    ),
    buckets: buckets.map((bucket, index) => ({
      ...bucket,
      totals: dashboardTotals(
        charges.filter((charge) =>
          inside(charge, bucket.start, bucket.end, index === buckets.length - 1),
        ),
        milesPerKwh,
      ),
    })),
  };
}
