import { tariffInput, type Card, type ChargerView } from '@evc/contract';
import { json, stubServer, type SeenRequest } from '../../test/stub-server.ts';
import { apiPath } from '../account/test-support.ts';

export {
  apiPath,
  callsTo,
  findAlert,
  pressAlertButton,
  signedInAs,
} from '../account/test-support.ts';

type Answer = (request: SeenRequest) => Response | Promise<Response>;

/** `{data}` with status 200, as every successful call answers. */
export const ok = (data: unknown) => json(200, { data });
export const failure = (status: number, code: string, message: string) =>
  json(status, { code, message });

/**
 * A fake API at the HTTP boundary keyed by path ('/listCards'); anything else answers 404, so
 * the live session stream is refused and pages poll. Returns every request made.
 */
export function fakeApi(routes: Record<string, Answer>): SeenRequest[] {
  return stubServer((request) => {
    const answer = routes[apiPath(request)];
    return answer ? answer(request) : failure(404, 'NOT_FOUND', `no route ${apiPath(request)}`);
  });
}

export function testCharger(overrides: Partial<ChargerView> = {}): ChargerView {
  return {
    _id: 'c1',
    chargePointId: 'CP-1',
    name: 'Leeds Dock',
    idTag: { barcode: '1001' },
    chargePointSerialNumber: 'SN-1',
    chargePointVendor: 'Acme',
    chargePointModel: 'W22',
    firmwareVersion: '1.0',
    online: true,
    lastheartbeatat: null,
    address: '1 The Boulevard',
    city: 'Leeds',
    post_code: 'LS10 1PZ',
    country: 'GB',
    lat: 53.79,
    lon: -1.53,
    home: false,
    connectors: [
      {
        connectornumber: 1,
        name: 'Connector 1',
        type: 'Type 2',
        maxPowerKw: 22,
        currentStatus: { status: 'Available', errorCode: null, at: null },
      },
    ],
    tariff: tariffInput.parse({ standard_rate: 0.45, currency: 'GBP' }),
    ...overrides,
  };
}

export function testCard(overrides: Partial<Card> = {}): Card {
  return {
    id: 'pm_visa',
    source: 'PAYG',
    brand: 'visa',
    last4: '4242',
    exp_month: 4,
    exp_year: 2030,
    country: 'GB',
    funding: 'credit',
    name: null,
    address_line1: null,
    address_city: null,
    address_postal_code: null,
    address_country: null,
    default: true,
    ...overrides,
  };
}

export const gbp = {
  _id: 'gbp',
  code: 'GBP',
  name: 'British Pound',
  name_plural: 'British pounds',
  symbol: '£',
  symbol_native: '£',
  decimal_digits: 2,
  rounding: 0,
};
