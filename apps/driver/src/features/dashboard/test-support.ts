import type { DashboardData } from '@evc/contract';

/** The pound as the dashboard carries it. */
export const gbp = { code: 'GBP', symbol: '£', decimal_digits: 2 };

/** A month of a driver's charging, in pounds unless `overrides` say; for the dashboard's tests. */
export function dashboardData(overrides: Partial<DashboardData['totals']> = {}): DashboardData {
  const totals = {
    sessions: 3,
    kWh: 30,
    km: 202.8,
    chargeSeconds: 3 * 3600 + 125,
    co2SavedKg: 33.26,
    spent: [{ currency: gbp, total: 720, costPerKm: 3.55 }],
    homeSpent: [],
    ...overrides,
  };
  return {
    window: {
      kind: 'month',
      from: '2026-10-20T12:00:00.000Z',
      to: '2026-11-20T12:00:00.000Z',
      bucket: 'day',
    },
    car: { make: 'Tesla', model: 'Model 3', milesPerKwh: 4.2 },
    co2: { gramsPerKm: 164, source: 'UK Government GHG Conversion Factors 2023' },
    totals,
    buckets: [
      { start: '2026-10-20T12:00:00.000Z', end: '2026-10-21T12:00:00.000Z', totals },
      {
        start: '2026-10-21T12:00:00.000Z',
        end: '2026-10-22T12:00:00.000Z',
        totals: { ...totals, kWh: 0, spent: [] },
      },
    ],
  };
}
