import { tariffInput, type TransactionView } from '@evc/contract';

/** A driver's charging session as the server's session calls and live events answer it. */
export function transactionView(overrides: Partial<TransactionView> = {}): TransactionView {
  return {
    _id: 's1',
    id: 17,
    chargerid: 'c1',
    barcode: '1001',
    chargerName: 'Leeds Dock',
    // A fixture named for another charger is titled by that name.
    title: overrides.chargerName ?? 'Leeds Dock, Leeds',
    connectorid: 1,
    state: 'charging',
    connectorStatus: 'Charging',
    pausedByDriver: false,
    endReason: null,
    source: 'PAYG',
    intent_id: 'pi_1',
    data: {
      startdate: '2026-03-02T10:00:00.000Z',
      enddate: null,
      finished: false,
      meterStart: 1000,
      meterStop: null,
      cost: {
        applied_cost: {
          total: 345,
          currency: { code: 'GBP', symbol: '£', decimal_digits: 2 },
        },
        parts: { energy: 245, connection: 100, periods: 0, overstay: 0 },
      },
      homeCharge: null,
      tariff: tariffInput.parse({ standard_rate: 0.45, currency: 'GBP', connection_cost: 100 }),
    },
    kWh: 5.44,
    duration: 1805,
    powerW: 7200,
    breakdown: [
      { periodStart: '2026-03-02T10:00:00.000Z', rate: 0.45, value: 3.2 },
      { periodStart: '2026-03-02T10:30:00.000Z', rate: 0.45, value: 2.24 },
    ],
    payment: { held: 3000, captured: null, status: 'held' },
    createdAt: '2026-03-02T09:59:00.000Z',
    ...overrides,
  };
}

/** The same session finished: stopped, the final cost captured from the hold. */
export function finishedTransactionView(overrides: Partial<TransactionView> = {}): TransactionView {
  const running = transactionView();
  return transactionView({
    state: 'finished',
    connectorStatus: 'Finishing',
    data: {
      ...running.data,
      enddate: '2026-03-02T11:00:00.000Z',
      finished: true,
      meterStop: 6440,
    },
    duration: 3600,
    powerW: null,
    payment: { held: 3000, captured: 345, status: 'captured' },
    ...overrides,
  });
}
