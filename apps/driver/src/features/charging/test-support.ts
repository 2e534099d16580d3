// The shared helpers live in src/test; charging's tests import them from here with gbp.
export { testCard, testCharger } from '../../test/fixtures.ts';
export { findAlert, pressAlertButton } from '../../test/alerts.ts';
export { signedInAs } from '../../test/signed-in.ts';
export { apiPath, callsTo, failure, fakeApi, ok } from '../../test/stub-server.ts';

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
