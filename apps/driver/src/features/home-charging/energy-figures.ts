import type { ChargeHistoryItem, DashboardData } from '@evc/contract';

type Currency = NonNullable<ChargeHistoryItem['homeCharge']>['currency'];

export interface HomeCostFigures {
  /** Minor units over the window; null when no session in it has a home cost. */
  total: number | null;
  currency: Currency | null;
  /** Minor units per bucket of the dashboard's window, in its order. */
  perBucket: number[];
}

/**
 * The home cost (each session's homeCharge, spec 001 §3) of the sessions in the dashboard's
 * window, per bucket; a session counts in the bucket it started in, as the dashboard counts it.
 */
export function homeCostFigures(
  data: DashboardData,
  sessions: readonly ChargeHistoryItem[],
): HomeCostFigures {
  const costed = sessions.filter((session) => session.homeCharge !== null);
  const currency = costed[0]?.homeCharge?.currency ?? null;
  const same = costed.filter((session) => session.homeCharge?.currency.code === currency?.code);
  const last = data.buckets.length - 1;
  const perBucket = data.buckets.map((bucket, index) =>
    same
      .filter((session) => {
        const at = Date.parse(session.startdate);
        const end = Date.parse(bucket.end);
        return at >= Date.parse(bucket.start) && (index === last ? at <= end : at < end);
      })
      .reduce((sum, session) => sum + (session.homeCharge?.total ?? 0), 0),
  );
  const from = Date.parse(data.window.from);
  const to = Date.parse(data.window.to);
  const inWindow = same.filter((session) => {
    const at = Date.parse(session.startdate);
    return at >= from && at <= to;
  });
  return {
    total: currency ? inWindow.reduce((sum, s) => sum + (s.homeCharge?.total ?? 0), 0) : null,
    currency,
    perBucket,
  };
}
