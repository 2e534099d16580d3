import type { ChargeHistoryItem } from '@evc/contract';

type Entry = ChargeHistoryItem['breakdown'][number];

const histogram = (entries: Entry[], minutes: number) => ({
  startDate: entries[0]?.periodStart ?? '2026-11-20T10:00:00.000Z',
  endDate: '2026-11-20T11:00:00.000Z',
  periods: entries.map((entry) => ({
    ...entry,
    periodEnd: new Date(new Date(entry.periodStart).getTime() + minutes * 60_000).toISOString(),
  })),
});

const halfHours: Entry[] = [
  { periodStart: '2026-11-20T10:00:00.000Z', rate: 0.45, value: 6.2 },
  { periodStart: '2026-11-20T10:30:00.000Z', rate: 0.45, value: 6.26 },
];

/** An hour's charge at Leeds Dock as /getChargeHistory answers it: 12.46 kWh at 45p, no fees. */
export function historyItem(overrides: Partial<ChargeHistoryItem> = {}): ChargeHistoryItem {
  return {
    _id: 's1',
    chargerid: 'c1',
    barcode: '1001',
    name: 'Leeds Dock',
    city: 'Leeds',
    post_code: 'LS10 1PZ',
    startdate: '2026-11-20T10:00:00.000Z',
    enddate: '2026-11-20T11:00:00.000Z',
    finished: true,
    kwh: 12.46,
    cost: 561,
    currency: { code: 'GBP', symbol: '£', decimal_digits: 2 },
    duration: 3600,
    homeCharge: null,
    histograms: {
      histogram10: histogram(
        [{ periodStart: '2026-11-20T10:00:00.000Z', rate: 0.45, value: 2 }],
        10,
      ),
      histogram30: histogram(halfHours, 30),
    },
    parts: { energy: 561, connection: 0, periods: 0, overstay: 0 },
    breakdown: halfHours,
    ...overrides,
  };
}
