import type { CarType, Country, Currency, Language } from '@evc/contract';
import type { carTypes, countries, currencies, languages } from '../../platform/db/schema.ts';

// Rows to the wire shapes of the contract.

export const toCountry = (row: typeof countries.$inferSelect): Country => ({
  code: row.code,
  name: row.name,
  helpline: row.helpline,
});

export const toCurrency = (row: typeof currencies.$inferSelect): Currency => ({
  _id: row.id,
  code: row.code,
  name: row.name,
  name_plural: row.namePlural,
  symbol: row.symbol,
  symbol_native: row.symbolNative,
  decimal_digits: row.decimalDigits,
  rounding: row.rounding,
});

export const toLanguage = (row: typeof languages.$inferSelect): Language => ({
  _id: row.id,
  language: row.language,
  class: row.flagClass,
  code: row.code,
});

export const toCarType = (row: typeof carTypes.$inferSelect): CarType => ({
  _id: row.id,
  make: row.make,
  model: row.model,
  image: row.image,
  milesPerKwh: row.milesPerKwh,
});
