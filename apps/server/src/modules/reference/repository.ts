import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { carTypes, countries, currencies, languages, settings } from '../../platform/db/schema.ts';
import {
  CAR_TYPES,
  carTypeId,
  COUNTRIES,
  CURRENCIES,
  currencyId,
  DEFAULT_HELPLINE,
  LANGUAGES,
  languageId,
} from './seed-data.ts';

export const CAR_IMAGE_PATH = '/api/assets/cars/';
const DEFAULT_HELPLINE_KEY = 'default_helpline';

export function createReferenceRepository(db: Db) {
  return {
    listCountries: () => db.select().from(countries),
    listCurrencies: () => db.select().from(currencies),
    listLanguages: () => db.select().from(languages),
    listCarTypes: () => db.select().from(carTypes),

    async findCountry(code: string) {
      const [row] = await db.select().from(countries).where(eq(countries.code, code.toUpperCase()));
      return row;
    },
    async findCurrency(code: string) {
      const [row] = await db
        .select()
        .from(currencies)
        .where(eq(currencies.code, code.toUpperCase()));
      return row;
    },
    async findLanguage(code: string) {
      const [row] = await db.select().from(languages).where(eq(languages.code, code.toLowerCase()));
      return row;
    },
    async findCarType(id: string) {
      const [row] = await db.select().from(carTypes).where(eq(carTypes.id, id));
      return row;
    },
    async defaultHelpline(): Promise<string> {
      const [row] = await db.select().from(settings).where(eq(settings.key, DEFAULT_HELPLINE_KEY));
      return row?.value ?? DEFAULT_HELPLINE;
    },

    /** Inserts what is missing and leaves existing rows (an operator may have edited them). */
    async seed() {
      await db
        .insert(countries)
        .values([...COUNTRIES])
        .onConflictDoNothing();
      await db
        .insert(currencies)
        .values(
          CURRENCIES.map((currency) => ({
            id: currencyId(currency.code),
            code: currency.code,
            name: currency.name,
            namePlural: currency.name_plural,
            symbol: currency.symbol,
            symbolNative: currency.symbol_native,
            decimalDigits: currency.decimal_digits,
            rounding: currency.rounding,
          })),
        )
        .onConflictDoNothing();
      await db
        .insert(languages)
        .values(LANGUAGES.map((language) => ({ id: languageId(language.code), ...language })))
        .onConflictDoNothing();
      await db
        .insert(carTypes)
        .values(
          CAR_TYPES.map((car) => ({
            id: carTypeId(car.file),
            make: car.make,
            model: car.model,
            image: `${CAR_IMAGE_PATH}${car.file}`,
            milesPerKwh: car.milesPerKwh,
          })),
        )
        .onConflictDoNothing();
      await db
        .insert(settings)
        .values({ key: DEFAULT_HELPLINE_KEY, value: DEFAULT_HELPLINE })
        .onConflictDoNothing();
    },
  };
}

export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
