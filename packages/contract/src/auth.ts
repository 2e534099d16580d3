import { z } from 'zod';
import { REGISTRATION_MESSAGES_EN } from '@evc/domain';
import { guestCode } from './guest.ts';
import {
  deviceUuid,
  email,
  mfaCode,
  mfaMethod,
  mfaOption,
  password,
  signedInUser,
  tokenPair,
  user,
  versionNumbers,
  addressInput,
  isoDateTime,
  currencyCode,
  text,
  TEXT_LIMITS,
} from './shared.ts';
import { okTrue } from './envelope.ts';

const loginName = text(TEXT_LIMITS.email)
  .trim()
  .toLowerCase()
  .min(1, 'Please enter your username.');

export const loginRequest = z.object({
  name: loginName,
  password,
  apiVersion: versionNumbers,
  appVersion: text(TEXT_LIMITS.code).min(1),
  uuid: deviceUuid,
});
export const mfaStage = z.enum(['RequestToken', 'EnforcedSetup']);
export type MfaStage = z.infer<typeof mfaStage>;
export const loginResponse = z.object({
  mfaStage: mfaStage.optional(),
  mfaOptions: z.array(mfaOption).optional(),
  message: z.string().optional(),
  user: signedInUser.optional(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const mfaRequestTokenRequest = z.object({
  name: loginName,
  password,
  method: mfaMethod,
  uuid: deviceUuid,
});
export const mfaRequestTokenResponse = z.object({ sent: z.literal(true), method: mfaMethod });

export const mfaVerifyRequest = z.object({
  method: mfaMethod,
  mfaToken: mfaCode,
  name: loginName,
  password,
  uuid: deviceUuid,
});
export const mfaVerifyResponse = z.object({ user: signedInUser });

export const mfaMethodsResponse = z.array(mfaOption);

export const phoneNumber = text(TEXT_LIMITS.phone)
  .trim()
  .regex(/^\+?[0-9 ()-]{7,20}$/, REGISTRATION_MESSAGES_EN['register.errors.phone']);

export const mfaSetupRequest = z.object({
  method: mfaMethod,
  phone_number: phoneNumber.optional(),
});
export const mfaSetupResponse = z.object({
  method: mfaMethod,
  otpauthUrl: z.string().optional(),
  qrDataUrl: z.string().optional(),
  secret: z.string().optional(),
});
export const mfaSetupConfirmRequest = z.object({ method: mfaMethod, code: mfaCode });
export const mfaSetupConfirmResponse = z.object({
  methods: z.array(mfaOption),
  user: signedInUser.optional(),
});
export const mfaMethodRequest = z.object({ method: mfaMethod });

export const registrationUser = z.object({
  first_name: text(TEXT_LIMITS.name).trim().min(1, 'Please enter your First Name.'),
  last_name: text(TEXT_LIMITS.name).trim().min(1, 'Please enter your Last Name.'),
  email,
  password,
  phone_number: phoneNumber,
  address: addressInput,
  preferredCurrency: currencyCode(REGISTRATION_MESSAGES_EN['register.errors.currency']),
  language: text(TEXT_LIMITS.code).trim().min(2).max(5).default('en'),
  acceptedTerms: z.literal(true, { error: REGISTRATION_MESSAGES_EN['register.errors.terms'] }),
  acceptedPrivacy: z.literal(true, { error: REGISTRATION_MESSAGES_EN['register.errors.privacy'] }),
});
export type RegistrationUser = z.infer<typeof registrationUser>;
/**
 * `guestCode`: the guest who registers; once the registration is completed, the guest's sessions,
 * payments and saved cards are the new account's and the code stops working.
 */
export const startRegistrationRequest = z.object({
  user: registrationUser,
  guestCode: guestCode.optional(),
});
export const startRegistrationResponse = z.object({ email: z.string() });

export const emailRequest = z.object({ email });
export const sentResponse = z.object({ sent: z.literal(true) });

export const completeRegistrationRequest = z.object({
  uuid: deviceUuid,
  token: text(TEXT_LIMITS.token).trim().min(1),
});
export const completeRegistrationResponse = z.object({
  _id: z.string(),
  email: z.string(),
  user: signedInUser,
});

export const resetPasswordRequest = z.object({
  token: text(TEXT_LIMITS.token).trim().min(1),
  password,
});
export const updatePasswordRequest = z.object({
  old_password: text(TEXT_LIMITS.password).min(1, 'Please enter your current password.'),
  new_password: password,
});

export const checkTokenResponse = z.object({
  valid: z.literal(true),
  expiry: isoDateTime,
  /** A support masquerade's token (issue 18): the app shows its banner. */
  masquerade: z.boolean().optional(),
});
export const refreshTokenRequest = z.object({ uuid: deviceUuid });
export const refreshTokenResponse = z.object({ auth: tokenPair, refresh: tokenPair });
export type RefreshTokenResponse = z.infer<typeof refreshTokenResponse>;

export const logoutRequest = z.object({
  tokens: z.object({
    token: text(TEXT_LIMITS.token).optional(),
    refreshToken: text(TEXT_LIMITS.token).optional(),
  }),
});

export { okTrue, user };
