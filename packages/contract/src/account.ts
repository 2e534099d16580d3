import { z } from 'zod';
import {
  addressInput,
  currency,
  currencyCode,
  emailPrefs,
  requestId,
  text,
  TEXT_LIMITS,
  user,
} from './shared.ts';
import { phoneNumber } from './auth.ts';

export const userdataRequest = z.object({
  populate: z.array(text(TEXT_LIMITS.code)).max(20).optional(),
});

export const updateUserRequest = z.object({
  fields: z
    .object({
      first_name: text(TEXT_LIMITS.name).trim().min(1),
      last_name: text(TEXT_LIMITS.name).trim().min(1),
      phone_number: phoneNumber,
      address: addressInput,
      car_type: text(TEXT_LIMITS.id).nullable(),
      preferredCurrency: currencyCode(),
      email_prefs: emailPrefs,
      language: text(TEXT_LIMITS.code).trim().min(2).max(5),
    })
    .partial()
    .strict(),
});
export const userIdParams = z.object({ userid: requestId });

export const setUserLanguageRequest = z.object({
  userid: requestId,
  lang: text(TEXT_LIMITS.code).trim().min(2).max(5),
});

export const getUserBalanceRequest = z.object({
  refresh: z.boolean().optional(),
  userid: requestId,
});
export const getUserBalanceResponse = z.object({ balance: z.number().int(), currency });

export const visibilityPermissionsResponse = z.array(z.object({ name: z.string() }));

export const getHelplineRequest = z.object({
  country_code: text(TEXT_LIMITS.code).trim().length(2),
});
export const helplineResponse = z.object({ helpline: z.string() });

export { user };
