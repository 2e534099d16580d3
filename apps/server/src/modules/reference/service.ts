import type { CarType, Country, Currency, Language, VersionNumbers } from '@evc/contract';
import { parseVersion, sortCars, sortCountries, sortCurrencies, sortLanguages } from '@evc/domain';
import type { ReferenceRepository } from './repository.ts';
import { toCarType, toCountry, toCurrency, toLanguage } from './wire.ts';

export function createReferenceService(repository: ReferenceRepository, apiVersion: string) {
  const version = parseVersion(apiVersion);
  if (!version) throw new RangeError(`Not a version: ${apiVersion}`);
  const versionNumbers: VersionNumbers = {
    majorversion: version.major,
    minorversion: version.minor,
    patchversion: version.patch,
  };
  return {
    countries: async (): Promise<Country[]> =>
      sortCountries((await repository.listCountries()).map(toCountry)),
    currencies: async (): Promise<Currency[]> =>
      sortCurrencies((await repository.listCurrencies()).map(toCurrency)),
    languages: async (): Promise<Language[]> =>
      sortLanguages((await repository.listLanguages()).map(toLanguage)),
    carTypes: async (): Promise<CarType[]> =>
      sortCars((await repository.listCarTypes()).map(toCarType)),
    defaultHelpline: () => repository.defaultHelpline(),
    /** The country's own helpline, else the default one (also for unknown countries). */
    async helplineFor(countryCode: string): Promise<string> {
      const country = await repository.findCountry(countryCode);
      return country?.helpline ?? (await repository.defaultHelpline());
    },
    apiVersion: (): VersionNumbers => versionNumbers,
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
