import type { CarType, TransactionView } from '@evc/contract';
import { apiPath, json, type SeenRequest } from '../../test/stub-server.ts';

/** A fake server answering each path from a table; other paths answer 404. */
export const answers =
  (table: Record<string, unknown>) =>
  (request: SeenRequest): Response => {
    const entry = table[apiPath(request)];
    if (entry === undefined) return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    // A function answers for itself (an error, say); anything else is the call's data.
    return typeof entry === 'function'
      ? (entry as (request: SeenRequest) => Response)(request)
      : json(200, { data: entry });
  };

export const leaf: CarType = {
  _id: 'car-leaf',
  make: 'Nissan',
  model: 'Leaf',
  image: '/api/assets/cars/nissan-leaf.svg',
  milesPerKwh: 3.9,
};

export const model3: CarType = {
  _id: 'car-m3',
  make: 'Tesla',
  model: 'Model 3',
  image: '/api/assets/cars/tesla-model-3.svg',
  milesPerKwh: 4.2,
};

/** The driver's latest session as GET /development/transaction/user/latest answers it. */
export function latestCharge(kWh: number): TransactionView {
  const currency = { code: 'GBP', symbol: '£', decimal_digits: 2 };
  return {
    _id: 's1',
    id: 1,
    chargerid: 'c1',
    barcode: '4101',
    chargerName: 'Market Street',
    title: 'Market Street, Leeds',
    connectorid: 1,
    state: 'finished',
    connectorStatus: 'Available',
    pausedByDriver: false,
    endReason: null,
    source: 'CREDIT',
    intent_id: null,
    data: {
      startdate: '2026-11-20T08:00:00.000Z',
      enddate: '2026-11-20T10:00:00.000Z',
      finished: true,
      meterStart: 0,
      meterStop: Math.round(kWh * 1000),
      cost: {
        applied_cost: { total: 700, currency },
        parts: { energy: 700, connection: 0, periods: 0, overstay: 0 },
      },
      homeCharge: null,
      tariff: {
        standard_rate: 0.35,
        alternate_rate: null,
        alternate_time: null,
        connection_cost: 0,
        costperperiod: 0,
        period: 0,
        initialperiod: 0,
        currency: 'GBP',
        overstaycostperperiod: 0,
        overstayperiod: 0,
        overstaygraceperiod: 0,
        payableByFuelCard: false,
        variability: null,
      },
    },
    kWh,
    duration: 7200,
    powerW: null,
    breakdown: [],
    payment: { held: 0, captured: 700, status: 'debited' },
    createdAt: '2026-11-20T08:00:00.000Z',
  };
}
