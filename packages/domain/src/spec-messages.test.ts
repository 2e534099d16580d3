import { describe, expect, it } from 'vitest';
import {
  MFA_FAILURE_MESSAGES_EN,
  MFA_OPERATIONS,
  SPEC_MESSAGES_EN,
  SPEC_MESSAGE_OPENINGS_EN,
  mfaFailureKey,
  specMessageKey,
} from './spec-messages.ts';

/** Each message as the spec words it, with the key the app shows it under. */
const SPEC_WORDING: [section: string, key: string, wording: string][] = [
  ['001 §5', 'register.errors.address', 'Please enter your First Line of Address.'],
  ['001 §5', 'register.errors.city', 'Please enter your City.'],
  ['001 §5', 'register.errors.postcode', 'Please enter your Post Code.'],
  ['001 §5', 'register.errors.country', 'Please Select your Country.'],
  ['001 §5', 'register.errors.phone', 'Please enter your Phone Number.'],
  ['001 §5', 'register.errors.email', 'Please Enter your email address.'],
  ['001 §5', 'register.errors.currency', 'Please Select your Currency.'],
  ['001 §5', 'register.errors.privacy', 'You must accept the privacy policy.'],
  ['001 §5', 'register.errors.terms', 'You must accept the terms and conditions.'],
  ['001 §5', 'register.errors.passwordMismatch', 'Your passwords do not match.'],
  ['001 §5', 'register.errors.weakPassword', 'Weak password: add symbols or numbers.'],
  [
    '001 §5',
    'register.passwordAdvice',
    'Password should be 8 or more characters, mixing upper and lower case, numbers and symbols.',
  ],
  ['001 §5', 'errors.codes.WEAK_PASSWORD', 'Weak password: add symbols or numbers.'],
  ['001 §5', 'changePassword.errors.incorrectCurrent', 'Your current password is incorrect.'],
  ['000 §8', 'errors.codes.CURRENT_PASSWORD_INCORRECT', 'Your current password is incorrect.'],
  ['000 §8', 'errors.codes.MFA_CODE_INVALID', 'Your 6 digit code was not recognised'],
  ['000 §8', 'auth.mfa.codeInvalid', 'Your 6 digit code was not recognised'],
  ['001 §8', 'mfa.errors.setup', 'Error setting up MFA'],
  ['001 §8', 'mfa.errors.authenticate', 'Failed to authenticate'],
  ['001 §8', 'mfa.errors.remove', 'Failed to remove the method'],
  ['001 §8', 'mfa.errors.setDefault', 'Failed to set the default'],
  ['001 §8', 'mfa.errors.send', 'Send code failed'],
  ['001 §8', 'mfa.errors.resend', 'Resend code failed'],
  ['000 §8', 'mfa.copyFailed', 'Failed to copy text'],
  ['000 §8', 'support.copyFailed', 'Failed to copy text'],
  ['000 §8', 'guestBar.copyFailed', 'Failed to copy text'],
  ['000 §8', 'errors.network', 'No Internet Connection'],
  ['000 §8', 'register.complete.notConfirmedTitle', 'Registration Not Confirmed'],
  ['000 §8', 'reset.expired.title', 'Reset link may have expired'],
  ['001 §8', 'errors.codes.RESET_TOKEN_INVALID', 'Reset link may have expired.'],
  ['000 §8', 'chargers.notFound.title', 'Charger Not Found'],
  ['000 §8', 'chargerBanner.unavailable.title', 'Charger Unavailable'],
  ['000 §8', 'charging.select.noCredit', 'No Credit Available'],
  ['000 §8', 'charging.confirm.startFailed', 'Error Processing Transaction'],
  ['000 §8', 'charging.confirm.paymentFailed', 'Payment Failed'],
  ['000 §8', 'charging.confirm.useAnotherCard', 'Payment Failed, please use another card'],
  ['000 §8', 'charging.confirm.challengeTitle', 'Card confirmation needed'],
  ['000 §8', 'topup.failed', 'Payment Failed'],
  ['000 §8', 'topup.failedUseAnotherCard', 'Payment Failed, please use another card'],
  ['000 §8', 'topup.confirmationNeeded', 'Card confirmation needed'],
  ['001 §8', 'errors.codes.ADOPTION_CODE_INCORRECT', 'Adoption code is incorrect'],
  ['001 §8', 'homeCharging.schedules.error', "Couldn't update the schedules"],
  ['001 §8', 'homeCharging.settingsError', 'Unknown error fetching or saving charger settings'],
  ['000 §8', 'common.loading', '...Loading'],
  ['000 §8', 'payments.add.added', 'Card successfully Added'],
  ['000 §8', 'payments.add.failed', 'Error Adding Card. Please try again'],
  ['000 §8', 'payments.add.providerError', 'Error: {{message}}'],
  ['000 §8', 'paymentErrors.APPLE_PAY_FAILED', 'Apple Pay Failed'],
  ['000 §8', 'paymentErrors.GOOGLE_PAY_FAILED', 'Google Pay Failed.'],
];

describe('the specs’ messages, word for word (000 §8, 001 §5, §8)', () => {
  it.each(SPEC_WORDING)('%s %s: %j', (_section, key, wording) => {
    expect(SPEC_MESSAGES_EN[key]).toBe(wording);
  });

  it('lists no message the table above does not check', () => {
    expect(Object.keys(SPEC_MESSAGES_EN).sort()).toEqual(SPEC_WORDING.map(([, key]) => key).sort());
  });

  it.each([
    ['errors.codes.LOGIN_FAILED', 'Login Error'],
    ['errors.codes.REGISTRATION_NOT_CONFIRMED', 'Registration Not Confirmed'],
    ['offline.message', 'No Internet Connection'],
    ['errors.codes.APP_OUTDATED', 'This version of the app is out of date'],
  ])('%s opens with the spec’s %j', (key, phrase) => {
    expect(SPEC_MESSAGE_OPENINGS_EN[key]).toBe(phrase);
  });

  it('words each MFA operation’s failure', () => {
    expect(
      MFA_OPERATIONS.map((operation) => MFA_FAILURE_MESSAGES_EN[mfaFailureKey(operation)]),
    ).toEqual([
      'Error setting up MFA',
      'Failed to authenticate',
      'Failed to remove the method',
      'Failed to set the default',
      'Send code failed',
      'Resend code failed',
    ]);
  });
});

describe('specMessageKey', () => {
  it.each([
    ['You must accept the terms and conditions.', 'register.errors.terms'],
    ['Your current password is incorrect.', 'changePassword.errors.incorrectCurrent'],
    ['Your 6 digit code was not recognised', 'errors.codes.MFA_CODE_INVALID'],
    ['Please Select your Country.', 'register.errors.country'],
    // Without the spec's full stop it is not the spec's sentence.
    ['You must accept the terms and conditions', null],
    ['Something else', null],
  ])('%j → %j', (text, key) => {
    expect(specMessageKey(text)).toBe(key);
  });
});
