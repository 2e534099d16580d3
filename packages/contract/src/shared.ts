import { z } from 'zod';

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

/** What a driver types for an address; `country` is an ISO 3166 alpha-2 code. */
export const addressInput = z.object({
  line1: z.string().trim().min(1, 'Please enter your First Line of Address'),
  line2: z.string().trim().max(200).optional().default(''),
  city: z.string().trim().min(1, 'Please enter your City'),
  postcode: z.string().trim().min(1, 'Please enter your Post Code'),
  country: z.string().trim().length(2, 'Please Select your Country'),
});
export type AddressInput = z.infer<typeof addressInput>;

export const address = addressInput.extend({
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

export const email = z.string().trim().toLowerCase().email('Please Enter your email address');
export const password = z.string().min(1, 'Please enter a password').max(256);
export const mfaCode = z.string().regex(/^\d{6}$/, 'Your 6 digit code was not recognised');
export const deviceUuid = z.string().trim().min(1).max(100);
