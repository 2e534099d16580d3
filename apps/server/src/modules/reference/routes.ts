import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { ReferenceService } from './service.ts';

export function registerReferenceRoutes(register: RegisterCall, reference: ReferenceService): void {
  register('getAllCountries', () => reference.countries());
  register('getAllCurrencies', () => reference.currencies());
  register('getAllLanguages', () => reference.languages());
  register('getCarTypes', () => reference.carTypes());
  register('defaultHelpline', async () => ({ helpline: await reference.defaultHelpline() }));
  register('getHelpline', async ({ body }) => ({
    helpline: await reference.helplineFor(body.country_code),
  }));
  register('apiVersionCheck', () => Promise.resolve(reference.apiVersion()));
}
