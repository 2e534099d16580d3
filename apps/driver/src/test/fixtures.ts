import { tariffInput, type Card, type ChargerView, type User } from '@evc/contract';

/** A signed-in driver as /userdata answers it. */
export const testUser: User = {
  _id: 'u1',
  first_name: 'Dana',
  last_name: 'Driver',
  email: 'driver@example.com',
  HRCode: 'HR-1',
  roles: ['user'],
  language: { _id: 'l1', language: 'English', class: 'flag-gb', code: 'en' },
  car_type: null,
  preferredCurrency: {
    _id: 'c1',
    code: 'GBP',
    name: 'British Pound',
    name_plural: 'British pounds',
    symbol: '£',
    symbol_native: '£',
    decimal_digits: 2,
    rounding: 0,
  },
  phone_number: '+44 7700 900123',
  address: {
    line1: '1 High Street',
    line2: '',
    city: 'Leeds',
    postcode: 'LS1 1AA',
    country: 'GB',
    country_code: { code: 'GB', name: 'United Kingdom', helpline: null },
  },
  email_prefs: {
    credit_low_alert: { enabled: false, threshold: 0 },
    charge_finished_alert: { enabled: false, threshold: 0 },
  },
  stripe_data: { latest: { balance: -1250 } },
  mfa: { required: false, methods: [] },
};

/** A public charger with one Available Type 2 connector at £0.45/kWh. */
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
        currentStatus: { status: 'Available', errorCode: null, at: null, inTransaction: false },
      },
    ],
    tariff: tariffInput.parse({ standard_rate: 0.45, currency: 'GBP' }),
    ...overrides,
  };
}

/** A saved payment card as /listCards answers it. */
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

/** A currency as the server lists it: its name in English only. */
export const testCurrency = (code: string, name: string, symbol: string) => ({
  _id: code,
  code,
  name,
  name_plural: `${name}s`,
  symbol,
  symbol_native: symbol,
  decimal_digits: 2,
  rounding: 0,
});
