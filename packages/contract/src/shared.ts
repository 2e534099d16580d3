import { z } from 'zod';
import {
  isCurrencyCode,
  isStorableText,
  MFA_CODE_NOT_RECOGNISED,
  REGISTRATION_MESSAGES_EN,
  countryHasPostcodes,
  UNSTORABLE_TEXT_MESSAGE,
} from '@evc/domain';

/** How long what a caller types may be, in UTF-16 code units. */
export const TEXT_LIMITS = {
  name: 100,
  addressLine: 200,
  city: 100,
  postcode: 20,
  phone: 30,
  email: 254,
  password: 256,
  note: 1000,
  id: 100,
  code: 64,
  token: 1024,
} as const;

export const tooLongMessage = (max: number) => `at most ${max} characters`;

/** The limit a refusal's "field: at most N characters" names, for a form to word it itself. */
export function tooLongLimit(message: string): number | null {
  const match = /(?:^|: )at most (\d+) characters$/.exec(message);
  return match ? Number(match[1]) : null;
}

/**
 * Text in a request: at most `max` characters, no NUL, no unpaired surrogate. Every string a
 * request carries starts here; narrow it further (trim, min, regex) as the field needs.
 */
export function text(max: number) {
  return z.string().max(max, tooLongMessage(max)).refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);
}

/** An id the caller names (a charger's, a session's, a card's). */
export const requestId = text(TEXT_LIMITS.id).trim().min(1, 'is required');

/** An ISO 4217 code of a circulating currency; case and surrounding spaces do not matter. */
export const currencyCode = (message = 'an ISO 4217 currency code') =>
  text(TEXT_LIMITS.code).trim().toUpperCase().refine(isCurrencyCode, message);

export const isoDateTime = z.string().datetime({ offset: true });

export const tokenPair = z.object({ token: z.string(), expiry: isoDateTime });
export type TokenPair = z.infer<typeof tokenPair>;

export const tokenData = z.object({ auth: tokenPair, refresh: tokenPair });
export type TokenData = z.infer<typeof tokenData>;

export const signedInUser = z.object({ token: z.string(), tokenData });
export type SignedInUser = z.infer<typeof signedInUser>;

export const currency = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  name_plural: z.string(),
  symbol: z.string(),
  symbol_native: z.string(),
  decimal_digits: z.number().int().min(0).default(2),
  rounding: z.number(),
});
export type Currency = z.infer<typeof currency>;

export const country = z.object({
  code: z.string().length(2),
  name: z.string(),
  helpline: z.string().nullable(),
});
export type Country = z.infer<typeof country>;

export const language = z.object({
  _id: z.string(),
  language: z.string(),
  class: z.string(),
  code: z.string(),
});
export type Language = z.infer<typeof language>;

export const carType = z.object({
  _id: z.string(),
  make: z.string(),
  model: z.string(),
  image: z.string(),
  milesPerKwh: z.number().positive(),
});
export type CarType = z.infer<typeof carType>;

export const mfaMethod = z.enum(['email', 'phone', 'app']);
export type MfaMethod = z.infer<typeof mfaMethod>;

export const mfaOption = z.object({
  method: mfaMethod,
  isDefault: z.boolean(),
  hint: z.string(),
});
export type MfaOption = z.infer<typeof mfaOption>;

export const alertPreference = z.object({
  enabled: z.boolean().default(false),
  threshold: z.number().int().min(0).default(0),
});
export type AlertPreference = z.infer<typeof alertPreference>;

export const emailPrefs = z.object({
  credit_low_alert: alertPreference,
  charge_finished_alert: alertPreference,
});
export type EmailPrefs = z.infer<typeof emailPrefs>;

const addressFields = z.object({
  line1: text(TEXT_LIMITS.addressLine)
    .trim()
    .min(1, REGISTRATION_MESSAGES_EN['register.errors.address']),
  line2: text(TEXT_LIMITS.addressLine).trim().optional().default(''),
  city: text(TEXT_LIMITS.city).trim().min(1, REGISTRATION_MESSAGES_EN['register.errors.city']),
  postcode: text(TEXT_LIMITS.postcode).trim(),
  country: text(TEXT_LIMITS.code)
    .trim()
    .length(2, REGISTRATION_MESSAGES_EN['register.errors.country']),
});

/**
 * What a driver types for an address; `country` is an ISO 3166 alpha-2 code. The post code is
 * required where the country has post codes (issue 19: none in the UAE).
 */
export const addressInput = addressFields.superRefine((value, context) => {
  if (value.postcode === '' && countryHasPostcodes(value.country)) {
    context.addIssue({
      code: 'custom',
      path: ['postcode'],
      message: REGISTRATION_MESSAGES_EN['register.errors.postcode'],
    });
  }
});
export type AddressInput = z.infer<typeof addressInput>;

export const address = addressFields.extend({
  country_code: country,
});
export type Address = z.infer<typeof address>;

export const user = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  HRCode: z.string(),
  roles: z.array(z.string()),
  language,
  car_type: carType.nullable(),
  preferredCurrency: currency,
  phone_number: z.string(),
  address,
  email_prefs: emailPrefs,
  stripe_data: z.object({ latest: z.object({ balance: z.number().int() }) }),
  mfa: z.object({ required: z.boolean(), methods: z.array(mfaOption) }),
});
export type User = z.infer<typeof user>;

export const versionNumbers = z.object({
  majorversion: z.number().int().min(0),
  minorversion: z.number().int().min(0),
  patchversion: z.number().int().min(0),
});
export type VersionNumbers = z.infer<typeof versionNumbers>;

export const email = text(TEXT_LIMITS.email)
  .trim()
  .toLowerCase()
  .email(REGISTRATION_MESSAGES_EN['register.errors.email']);
export const password = text(TEXT_LIMITS.password).min(1, 'Please enter a password.');
export const mfaCode = text(TEXT_LIMITS.code).regex(/^\d{6}$/, MFA_CODE_NOT_RECOGNISED);
export const deviceUuid = text(TEXT_LIMITS.id).trim().min(1);
