import {
  INCORRECT_CURRENT_PASSWORD_KEY,
  PASSWORD_CHANGE_MESSAGES_EN,
  REGISTRATION_MESSAGES_EN,
} from './registration-validation.ts';

/** spec 000 §8, 001 §8: a wrong or stale MFA code, at sign-in and while setting a method up. */
export const MFA_CODE_NOT_RECOGNISED = 'Your 6 digit code was not recognised';

/** spec 001 §8: MFA management fails per operation; each failure is worded by what was tried. */
export const MFA_OPERATIONS = [
  'setup',
  'authenticate',
  'remove',
  'setDefault',
  'send',
  'resend',
] as const;
export type MfaOperation = (typeof MFA_OPERATIONS)[number];

export const mfaFailureKey = (operation: MfaOperation) => `mfa.errors.${operation}` as const;
export type MfaFailureKey = ReturnType<typeof mfaFailureKey>;

/**
 * spec 001 §8 "Error setting up MFA; failed to authenticate; failed to remove the method; failed
 * to set the default; send or resend code failed", one sentence per operation.
 */
export const MFA_FAILURE_MESSAGES_EN: Readonly<Record<MfaFailureKey, string>> = {
  'mfa.errors.setup': 'Error setting up MFA',
  'mfa.errors.authenticate': 'Failed to authenticate',
  'mfa.errors.remove': 'Failed to remove the method',
  'mfa.errors.setDefault': 'Failed to set the default',
  'mfa.errors.send': 'Send code failed',
  'mfa.errors.resend': 'Resend code failed',
};

/** spec 001 §8: a home charger's adoption code that does not match. */
export const ADOPTION_CODE_INCORRECT = 'Adoption code is incorrect';

/** spec 000 §8, 001 §8: a copy to the clipboard that did not happen. */
export const COPY_FAILED = 'Failed to copy text';

/**
 * Every message whose English wording the specs give, by the translation key that carries it in
 * the app. The server and the contract answer with these same sentences; the app's English
 * translation file must say exactly this (apps/driver/src/lib/spec-wording.test.ts).
 * Messages the spec only describes (the affiliation join error, say) are worded by us and are
 * not listed.
 */
export const SPEC_MESSAGES_EN: Readonly<Record<string, string>> = {
  // 001 §5 registration and password change
  ...REGISTRATION_MESSAGES_EN,
  [INCORRECT_CURRENT_PASSWORD_KEY]: PASSWORD_CHANGE_MESSAGES_EN[INCORRECT_CURRENT_PASSWORD_KEY],
  'errors.codes.CURRENT_PASSWORD_INCORRECT':
    PASSWORD_CHANGE_MESSAGES_EN[INCORRECT_CURRENT_PASSWORD_KEY],
  'errors.codes.WEAK_PASSWORD': REGISTRATION_MESSAGES_EN['register.errors.weakPassword'],
  // 000 §8 and 001 §8
  'errors.codes.MFA_CODE_INVALID': MFA_CODE_NOT_RECOGNISED,
  'auth.mfa.codeInvalid': MFA_CODE_NOT_RECOGNISED,
  ...MFA_FAILURE_MESSAGES_EN,
  'mfa.copyFailed': COPY_FAILED,
  'support.copyFailed': COPY_FAILED,
  'guestBar.copyFailed': COPY_FAILED,
  'errors.network': 'No Internet Connection',
  'register.complete.notConfirmedTitle': 'Registration Not Confirmed',
  'reset.expired.title': 'Reset link may have expired',
  'errors.codes.RESET_TOKEN_INVALID': 'Reset link may have expired.',
  'chargers.notFound.title': 'Charger Not Found',
  'chargerBanner.unavailable.title': 'Charger Unavailable',
  'charging.select.noCredit': 'No Credit Available',
  'charging.confirm.startFailed': 'Error Processing Transaction',
  'charging.confirm.paymentFailed': 'Payment Failed',
  'charging.confirm.useAnotherCard': 'Payment Failed, please use another card',
  'charging.confirm.challengeTitle': 'Card confirmation needed',
  'topup.failed': 'Payment Failed',
  'topup.failedUseAnotherCard': 'Payment Failed, please use another card',
  'topup.confirmationNeeded': 'Card confirmation needed',
  'errors.codes.ADOPTION_CODE_INCORRECT': ADOPTION_CODE_INCORRECT,
  'homeCharging.schedules.error': "Couldn't update the schedules",
  'homeCharging.settingsError': 'Unknown error fetching or saving charger settings',
  'common.loading': '...Loading',
  'payments.add.added': 'Card successfully Added',
  'payments.add.failed': 'Error Adding Card. Please try again',
  'payments.add.providerError': 'Error: {{message}}',
  'paymentErrors.APPLE_PAY_FAILED': 'Apple Pay Failed',
  'paymentErrors.GOOGLE_PAY_FAILED': 'Google Pay Failed.',
};

/**
 * Messages the app words around the spec's phrase: the text under the key starts with it
 * (e.g. 'Login Error: your e-mail address or password is incorrect.').
 */
export const SPEC_MESSAGE_OPENINGS_EN: Readonly<Record<string, string>> = {
  'errors.codes.LOGIN_FAILED': 'Login Error',
  'errors.codes.REGISTRATION_NOT_CONFIRMED': 'Registration Not Confirmed',
  'offline.message': 'No Internet Connection',
  'errors.codes.APP_OUTDATED': 'This version of the app is out of date',
};

const KEY_BY_TEXT = new Map<string, string>();
for (const [key, text] of Object.entries(SPEC_MESSAGES_EN)) {
  if (!KEY_BY_TEXT.has(text)) KEY_BY_TEXT.set(text, key);
}

/**
 * The translation key of a message the server answered in the spec's English words, so the app
 * can show it in the driver's language; null for any other text.
 */
export function specMessageKey(text: string): string | null {
  return KEY_BY_TEXT.get(text) ?? null;
}
