// spec 000 §9: countries GB first, then IE, then by name; cars by make; currencies by name;
// languages by language name. Every function returns a new array and leaves its input alone.

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const PINNED_COUNTRIES = ['GB', 'IE'];

function countryRank(code: string): number {
  const index = PINNED_COUNTRIES.indexOf(code.toUpperCase());
  return index === -1 ? PINNED_COUNTRIES.length : index;
}

export function sortCountries<T extends { code: string; name: string }>(
  countries: readonly T[],
): T[] {
  return countries.toSorted(
    (a, b) => countryRank(a.code) - countryRank(b.code) || collator.compare(a.name, b.name),
  );
}

/** By make, then by model so cars of one make read in order. */
export function sortCars<T extends { make: string; model: string }>(cars: readonly T[]): T[] {
  return cars.toSorted(
    (a, b) => collator.compare(a.make, b.make) || collator.compare(a.model, b.model),
  );
}

export function sortCurrencies<T extends { name: string }>(currencies: readonly T[]): T[] {
  return currencies.toSorted((a, b) => collator.compare(a.name, b.name));
}

export function sortLanguages<T extends { language: string }>(languages: readonly T[]): T[] {
  return languages.toSorted((a, b) => collator.compare(a.language, b.language));
}
