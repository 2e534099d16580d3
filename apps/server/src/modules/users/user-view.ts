import type { MfaOption, User } from '@evc/contract';
import type { UserRow } from '../../platform/db/schema.ts';
import type { ReferenceRepository } from '../reference/repository.ts';
import { toCarType, toCountry, toCurrency, toLanguage } from '../reference/wire.ts';

/**
 * Builds the contract's User from a row, the reference rows it points at, and the second factors
 * the account has verified (auth keeps those).
 */
export function createUserView(reference: ReferenceRepository) {
  return async (row: UserRow, mfaOptions: MfaOption[]): Promise<User> => {
    const [language, currency, country, carType] = await Promise.all([
      reference.findLanguage(row.languageCode),
      reference.findCurrency(row.currencyCode),
      reference.findCountry(row.countryCode),
      row.carTypeId ? reference.findCarType(row.carTypeId) : Promise.resolve(undefined),
    ]);
    // Foreign keys guarantee these; a miss means the reference data was tampered with.
    if (!language || !currency || !country) {
      throw new Error(`User ${row.id} points at missing reference data`);
    }
    return {
      _id: row.id,
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      HRCode: row.hrCode,
      roles: row.roles,
      language: toLanguage(language),
      car_type: carType ? toCarType(carType) : null,
      preferredCurrency: toCurrency(currency),
      phone_number: row.phoneNumber,
      address: {
        line1: row.addressLine1,
        line2: row.addressLine2,
        city: row.addressCity,
        postcode: row.addressPostcode,
        country: row.countryCode,
        country_code: toCountry(country),
      },
      email_prefs: row.emailPrefs,
      stripe_data: { latest: { balance: row.balanceMinor } },
      mfa: { required: row.mfaRequired, methods: mfaOptions },
    };
  };
}

export type UserView = ReturnType<typeof createUserView>;
