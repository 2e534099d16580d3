import { REGISTRATION_CURRENCY_CHOICES } from './constants.ts';

/**
 * Issue 19: registration's currency choices for a brand — its own currency first when it is not
 * one of the spec's pound, dollar and euro (Oasis's dirham was hidden under Other), then those and
 * Other; the brand's own is the one chosen to begin with.
 */
export function registrationCurrencyChoices(brandCurrency: string): {
  choices: string[];
  preselected: string;
} {
  const own = brandCurrency.trim().toLowerCase();
  const spec: readonly string[] = REGISTRATION_CURRENCY_CHOICES;
  return { choices: spec.includes(own) ? [...spec] : [own, ...spec], preselected: own };
}
