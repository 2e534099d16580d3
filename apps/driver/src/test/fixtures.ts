import type { User } from '@evc/contract';

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
