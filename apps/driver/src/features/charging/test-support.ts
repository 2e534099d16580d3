import type { Card } from '@evc/contract';
export { testCharger } from '../../test/fixtures.ts';
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
