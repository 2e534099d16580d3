import type { DriverOverview } from '@evc/contract';

export const DANA = {
  kind: 'user' as const,
  id: 'user-dana',
  email: 'driver@example.com',
  name: 'Dana Driver',
  phone: '+44 7700 900123',
  code: 'HR123456',
  createdAt: '2026-01-02T10:00:00.000Z',
};

/** A driver with one live and one finished, captured session. */
export const OVERVIEW: DriverOverview = {
  driver: DANA,
  sessions: [
    {
      id: 'session-live',
      chargerId: 'CP-LIVE-1',
      connectorId: 2,
      state: 'Charging',
      live: true,
      startedAt: '2026-11-26T07:00:00.000Z',
      stoppedAt: null,
      energyWh: 3500,
      currency: 'GBP',
      costTotal: 175,
      costParts: { energy: 175, connection: 0, periods: 0, overstay: 0 },
      payment: { source: 'card', status: 'held', held: 3000, captured: 0, refunded: 0 },
      receiptSentAt: null,
    },
    {
      id: 'session-done',
      chargerId: 'CP-DONE-1',
      connectorId: 1,
      state: 'Completed',
      live: false,
      startedAt: '2026-11-20T08:00:00.000Z',
      stoppedAt: '2026-11-20T09:00:00.000Z',
      energyWh: 20_000,
      currency: 'GBP',
      costTotal: 1234,
      costParts: { energy: 1000, connection: 100, periods: 84, overstay: 50 },
      payment: { source: 'card', status: 'captured', held: 3000, captured: 1234, refunded: 0 },
      receiptSentAt: '2026-11-20T09:01:00.000Z',
    },
  ],
  cards: [{ brand: 'visa', last4: '4242', source: 'sandbox', isDefault: true }],
  balance: {
    creditMinor: 2500,
    currency: 'GBP',
    movements: [{ reference: 'Top-up', creditMinor: 2500, at: '2026-11-01T12:00:00.000Z' }],
  },
  rfidCards: [{ cardnumber: 'RFID-0001', name: 'Work card', linkedAt: '2026-10-01T12:00:00.000Z' }],
  groups: [{ id: 'g1', name: 'Fleet North', joinedAt: '2026-09-01T12:00:00.000Z' }],
  emails: [{ subject: 'Your charging receipt', kind: 'receipt', at: '2026-11-20T09:01:00.000Z' }],
};
