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

/** Reference rows change only when an operator edits them by hand (nothing in the API does). */
const REFERENCE_TTL_MS = 60_000;

/**
 * A look-up whose found rows this node keeps for a minute: the currency, country and language
 * of every user and charger view were a third of all queries under load. Rows not found are not
 * kept, so what is kept never outgrows the tables.
 */
function keptFor<T>(load: (key: string) => Promise<T | undefined>) {
  const kept = new Map<string, { value: T; until: number }>();
  return async (key: string): Promise<T | undefined> => {
    const entry = kept.get(key);
    if (entry && entry.until > Date.now()) return entry.value;
    const value = await load(key);
    if (value === undefined) kept.delete(key);
    // Shared by every caller until it expires: frozen, so none can change it for the others.
    else kept.set(key, { value: Object.freeze(value), until: Date.now() + REFERENCE_TTL_MS });
    return value;
  };
}

export function createReferenceRepository(db: Db) {
  const findCountry = keptFor(async (code: string) => {
    const [row] = await db.select().from(countries).where(eq(countries.code, code));
    return row;
  });
  const findCurrency = keptFor(async (code: string) => {
    const [row] = await db.select().from(currencies).where(eq(currencies.code, code));
    return row;
  });
  const findLanguage = keptFor(async (code: string) => {
    const [row] = await db.select().from(languages).where(eq(languages.code, code));
    return row;
  });
  const findCarType = keptFor(async (id: string) => {
    const [row] = await db.select().from(carTypes).where(eq(carTypes.id, id));
    return row;
  });
  return {
    listCountries: () => db.select().from(countries),
    listCurrencies: () => db.select().from(currencies),
    listLanguages: () => db.select().from(languages),
    listCarTypes: () => db.select().from(carTypes),

    findCountry: (code: string) => findCountry(code.toUpperCase()),
    findCurrency: (code: string) => findCurrency(code.toUpperCase()),
    findLanguage: (code: string) => findLanguage(code.toLowerCase()),
    findCarType: (id: string) => findCarType(id),
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
