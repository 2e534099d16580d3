import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@evc/contract';
import { midnightDaysBefore } from '@evc/domain';
import { callApi } from '../client.ts';
import { callQueryKey } from '../call-query-key.ts';

/** The windows the dashboard offers (spec 000 §9): N days from midnight, 1 month, 1 year. */
export const DASHBOARD_PERIODS = ['today', 'week', 'month', 'year'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

const DAYS: Partial<Record<DashboardPeriod, number>> = { today: 1, week: 7 };

/** The request for a window, seen from the driver's clock and time zone. */
export function dashboardRequest(
  period: DashboardPeriod,
  now: Date,
): CallRequest<'getDashboardData'> {
  const today = now.toISOString();
  const days = DAYS[period];
  if (days)
    return {
      startdate: midnightDaysBefore(now, days, -now.getTimezoneOffset()).toISOString(),
      years: false,
      today,
    };
  return { years: period === 'year', today };
}

/** POST /getDashboardData {startdate, years, today, chargerid}. */
export const getDashboardData = (request: CallRequest<'getDashboardData'>) =>
  callApi('getDashboardData', request);

/**
 * Keyed by window (and charger: a home charger's own figures, 001 §7), not by request: the
 * request moves with the clock, the window does not.
 */
export const dashboardDataQuery = (period: DashboardPeriod, chargerid: string | null = null) =>
  queryOptions({
    queryKey: callQueryKey('getDashboardData', { period, chargerid }),
    queryFn: () =>
      getDashboardData({
        ...dashboardRequest(period, new Date()),
        ...(chargerid ? { chargerid } : {}),
      }),
  });

export function useDashboardData(period: DashboardPeriod, chargerid: string | null = null) {
  return useQuery(dashboardDataQuery(period, chargerid));
}
