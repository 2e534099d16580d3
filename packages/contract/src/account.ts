import { z } from 'zod';
import { addressInput, currency, emailPrefs, user } from './shared.ts';
import { phoneNumber } from './auth.ts';

export const userdataRequest = z.object({ populate: z.array(z.string()).optional() });

export const updateUserRequest = z.object({
  fields: z
    .object({
      first_name: z.string().trim().min(1).max(100),
      last_name: z.string().trim().min(1).max(100),
      phone_number: phoneNumber,
      address: addressInput,
      car_type: z.string().nullable(),
      preferredCurrency: z.string().trim().length(3).toUpperCase(),
      email_prefs: emailPrefs,
      language: z.string().trim().min(2).max(5),
    })
    .partial()
    .strict(),
});
export const userIdParams = z.object({ userid: z.string().min(1) });

export const setUserLanguageRequest = z.object({
  userid: z.string().min(1),
  lang: z.string().trim().min(2).max(5),
});

export const getUserBalanceRequest = z.object({
  refresh: z.boolean().optional(),
  userid: z.string().min(1),
});
export const getUserBalanceResponse = z.object({ balance: z.number().int(), currency });

export const visibilityPermissionsResponse = z.array(z.object({ name: z.string() }));

export const getHelplineRequest = z.object({ country_code: z.string().trim().length(2) });
export const helplineResponse = z.object({ helpline: z.string() });

export { user };
