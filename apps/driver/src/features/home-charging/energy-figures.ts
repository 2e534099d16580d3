import type { DashboardData } from '@evc/contract';

type Currency = DashboardData['totals']['homeSpent'][number]['currency'];

export interface HomeCostFigures {
  /** Minor units over the window; null when no session in it has a home cost. */
  total: number | null;
  currency: Currency | null;
  /** Minor units per bucket of the dashboard's window, in its order. */
  perBucket: number[];
}

/**
 * The home cost (each session's homeCharge, spec 001 §3) over the dashboard's window and per
 * bucket, as the server totals it. A home tariff has one currency; should the window hold
 * another too, the first is the one shown.
 */
export function homeCostFigures(data: DashboardData): HomeCostFigures {
  const first = data.totals.homeSpent[0];
  if (!first) return { total: null, currency: null, perBucket: data.buckets.map(() => 0) };
  const inCurrency = (spent: DashboardData['totals']['homeSpent']) =>
    spent.find((entry) => entry.currency.code === first.currency.code)?.total ?? 0;
  return {
    total: first.total,
    currency: first.currency,
    perBucket: data.buckets.map((bucket) => inCurrency(bucket.totals.homeSpent)),
  };
}
