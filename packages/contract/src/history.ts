import { z } from 'zod';
import { isoDateTime, requestId } from './shared.ts';
import { costBreakdownEntry, sessionCostParts, sessionCurrency } from './sessions.ts';

const usercode = requestId;
const limit = z.coerce.number().int().min(1).max(100).default(20);

/**
 * POST /getChargeHistory (spec 000 §7): `{usercode, limit, active}` or
 * `{usercode, limit, startdate, chargerid}`. `usercode` is the caller's own HRCode. `active` true:
 * only sessions still charging or paused; false: only finished ones; absent: both. `startdate`:
 * only sessions started before it (the oldest item shown so far, to load more). `lastid`: that
 * item's `_id`, sent with `startdate`; then the sessions that started at that same instant and come
 * after it are included too, so walking the pages returns every session once, whatever the ties.
 * `chargerid`: only sessions at that charger.
 */
export const chargeHistoryRequest = z.object({
  usercode,
  limit,
  active: z.boolean().optional(),
  startdate: isoDateTime.nullable().optional(),
  lastid: requestId.nullable().optional(),
  chargerid: requestId.nullable().optional(),
});

/** spec 001 §3: a histogram of a session's energy in 10- or 30-minute periods. */
export const chargeHistogram = z.object({
  startDate: isoDateTime,
  endDate: isoDateTime,
  periods: z.array(
    z.object({
      periodStart: isoDateTime,
      periodEnd: isoDateTime,
      /** kWh drawn in the period. */
      value: z.number(),
      /** Currency units per kWh. */
      rate: z.number(),
    }),
  ),
});
export type ChargeHistogramView = z.infer<typeof chargeHistogram>;

/** spec 000 §3 ChargeHistory and §2: what a history item shows. `cost` is minor units. */
export const chargeHistoryItem = z.object({
  /** The session's id: `transactionid` of getTransactionByID and the receipt call. */
  _id: z.string(),
  chargerid: z.string(),
  barcode: z.string(),
  name: z.string(),
  city: z.string(),
  post_code: z.string(),
  startdate: isoDateTime,
  enddate: isoDateTime.nullable(),
  finished: z.boolean(),
  /** kWh to 2 decimals (001 §9). */
  kwh: z.number(),
  cost: z.number().int(),
  currency: sessionCurrency,
  /** Seconds. */
  duration: z.number().int().min(0),
  homeCharge: z
    .object({ total: z.number().int(), rate: z.number(), currency: sessionCurrency })
    .nullable(),
  histograms: z.object({ histogram10: chargeHistogram, histogram30: chargeHistogram }),
  /**
   * Issue 19: the session's cost as it was priced, for a breakdown that adds up to `cost` — the
   * same parts and 30-minute entries as the session's own view (`data.cost.parts`, `breakdown`).
   */
  parts: sessionCostParts,
  breakdown: z.array(costBreakdownEntry),
});
export type ChargeHistoryItem = z.infer<typeof chargeHistoryItem>;

export const chargeHistoryResponse = z.array(chargeHistoryItem);

/**
 * POST /getDashboardData (spec 000 §7, §9). `years` true: the last 1 year; otherwise `startdate`
 * (the driver's midnight N − 1 days ago): N days from midnight; neither: the last 1 month. Each
 * window ends at `today` (the driver's now; the server's when absent, never later than it).
 * `chargerid`: only charges at that charger.
 */
export const dashboardDataRequest = z.object({
  startdate: isoDateTime.nullable().optional(),
  years: z.boolean().default(false),
  today: isoDateTime.nullable().optional(),
  chargerid: requestId.nullable().optional(),
});

const dashboardTotals = z.object({
  sessions: z.number().int(),
  kWh: z.number(),
  /** Null when the driver has chosen no car (no miles per kWh). */
  km: z.number().nullable(),
  chargeSeconds: z.number().int(),
  co2SavedKg: z.number().nullable(),
  /** Minor units per currency; costPerKm is minor units per km. */
  spent: z.array(
    z.object({
      currency: sessionCurrency,
      total: z.number().int(),
      costPerKm: z.number().nullable(),
    }),
  ),
  /** At home chargers with a home tariff: what the energy cost at home, minor units per currency. */
  homeSpent: z.array(z.object({ currency: sessionCurrency, total: z.number().int() })).default([]),
});
export type DashboardTotalsView = z.infer<typeof dashboardTotals>;

export const dashboardDataResponse = z.object({
  window: z.object({
    kind: z.enum(['month', 'year', 'days']),
    from: isoDateTime,
    to: isoDateTime,
    bucket: z.enum(['day', 'month']),
  }),
  car: z.object({ make: z.string(), model: z.string(), milesPerKwh: z.number() }).nullable(),
  /** The factor CO2 saved is counted with, and where it comes from. */
  co2: z.object({ gramsPerKm: z.number(), source: z.string() }),
  totals: dashboardTotals,
  buckets: z.array(z.object({ start: isoDateTime, end: isoDateTime, totals: dashboardTotals })),
});
export type DashboardData = z.infer<typeof dashboardDataResponse>;
