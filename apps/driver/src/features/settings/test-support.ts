import { act } from '@testing-library/react';
import type { CarType, TransactionView, User } from '@evc/contract';
import { setUser } from '../../lib/session/session-store.ts';
import { setTokens } from '../../lib/session/token-store.ts';
import { json, type SeenRequest } from '../../test/stub-server.ts';

const later = new Date(Date.now() + 3_600_000).toISOString();

/** Starts a test signed in as `user`, with tokens stored as after a login. */
export async function signedInAs(user: User): Promise<void> {
  await setTokens({
    auth: { token: 'access', expiry: later },
    refresh: { token: 'access-refresh', expiry: later },
  });
  act(() => setUser(user));
}

/** The API path of a request ('/api/userdata' → '/userdata'). */
export const apiPath = (request: SeenRequest) =>
  new URL(request.url).pathname.replace(/^\/api/, '');

export const callsTo = (seen: SeenRequest[], path: string) =>
  seen.filter((request) => apiPath(request) === path);

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
    connectorid: 1,
    state: 'finished',
    connectorStatus: 'Available',
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
