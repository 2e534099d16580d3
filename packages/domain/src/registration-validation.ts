import { isPasswordWeak, type PasswordStrength } from './password.ts';
import { countryHasPostcodes } from './postcodes.ts';

/** spec 001 §5 registration messages, in the spec's order, as i18n keys. */
export const REGISTRATION_MESSAGE_KEYS = [
  'register.errors.address',
  'register.errors.city',
  'register.errors.postcode',
  'register.errors.country',
  'register.errors.phone',
  'register.errors.email',
  'register.errors.currency',
  'register.errors.privacy',
  'register.errors.terms',
  'register.errors.passwordMismatch',
  'register.errors.weakPassword',
] as const;
export type RegistrationMessageKey = (typeof REGISTRATION_MESSAGE_KEYS)[number];

/** Shown beside the password field as advice; not an error. */
export const PASSWORD_ADVICE_KEY = 'register.passwordAdvice';

/** The spec's exact English wording; the translation files must say the same in English. */
export const REGISTRATION_MESSAGES_EN: Readonly<
  Record<RegistrationMessageKey | typeof PASSWORD_ADVICE_KEY, string>
> = {
  'register.errors.address': 'Please enter your First Line of Address.',
  'register.errors.city': 'Please enter your City.',
  'register.errors.postcode': 'Please enter your Post Code.',
  'register.errors.country': 'Please Select your Country.',
  'register.errors.phone': 'Please enter your Phone Number.',
  'register.errors.email': 'Please Enter your email address.',
  'register.errors.currency': 'Please Select your Currency.',
  'register.errors.privacy': 'You must accept the privacy policy.',
  'register.errors.terms': 'You must accept the terms and conditions.',
  'register.errors.passwordMismatch': 'Your passwords do not match.',
  'register.errors.weakPassword': 'Weak password: add symbols or numbers.',
  'register.passwordAdvice':
    'Password should be 8 or more characters, mixing upper and lower case, numbers and symbols.',
};

export interface RegistrationForm {
  line1: string;
  city: string;
  postcode: string;
  /** ISO 3166 alpha-2 code; empty when none is chosen. */
  country: string;
  phone_number: string;
  email: string;
  /** Currency code; empty when none is chosen. */
  currency: string;
  privacyAccepted: boolean;
  termsAccepted: boolean;
  password: string;
  confirmPassword: string;
  passwordStrength: PasswordStrength;
}

// A light shape check only: an address that cannot be an e-mail address counts as not entered.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const blank = (text: string): boolean => text.trim() === '';

/**
 * spec 001 §5: every failed rule, in the order the spec lists the messages. The spec lists no
 * other required fields, so names are not checked here. Weak = shorter than 8 or strength < 3.
 */
export function validateRegistration(form: RegistrationForm): RegistrationMessageKey[] {
  const failed: Record<RegistrationMessageKey, boolean> = {
    'register.errors.address': blank(form.line1),
    'register.errors.city': blank(form.city),
    // Issue 19: only where the country has post codes.
    'register.errors.postcode': blank(form.postcode) && countryHasPostcodes(form.country),
    'register.errors.country': blank(form.country),
    'register.errors.phone': blank(form.phone_number),
    'register.errors.email': !EMAIL_SHAPE.test(form.email.trim()),
    'register.errors.currency': blank(form.currency),
    'register.errors.privacy': !form.privacyAccepted,
    'register.errors.terms': !form.termsAccepted,
    'register.errors.passwordMismatch': form.password !== form.confirmPassword,
    'register.errors.weakPassword': isPasswordWeak(form.password, form.passwordStrength),
  };
  return REGISTRATION_MESSAGE_KEYS.filter((key) => failed[key]);
}

export const PASSWORD_CHANGE_MESSAGE_KEYS = [
  'changePassword.errors.empty',
  'changePassword.errors.mismatch',
  'changePassword.errors.weak',
] as const;
export type PasswordChangeMessageKey = (typeof PASSWORD_CHANGE_MESSAGE_KEYS)[number];

/** The server's answer to a wrong current password (spec 001 §5). */
export const INCORRECT_CURRENT_PASSWORD_KEY = 'changePassword.errors.incorrectCurrent';

/**
 * English wording. Only the wrong-current-password sentence is given by the spec; mismatch and
 * weak reuse the registration sentences; the empty-fields sentence is ours.
 */
export const PASSWORD_CHANGE_MESSAGES_EN: Readonly<
  Record<PasswordChangeMessageKey | typeof INCORRECT_CURRENT_PASSWORD_KEY, string>
> = {
  'changePassword.errors.empty': 'Please fill in every password field.',
  'changePassword.errors.mismatch': REGISTRATION_MESSAGES_EN['register.errors.passwordMismatch'],
  'changePassword.errors.weak': REGISTRATION_MESSAGES_EN['register.errors.weakPassword'],
  'changePassword.errors.incorrectCurrent': 'Your current password is incorrect.',
};

export interface PasswordChangeForm {
  current: string;
  next: string;
  confirm: string;
  /** Strength of `next`. */
  strength: PasswordStrength;
}

/**
 * spec 001 §5: empty fields, mismatch and weak passwords are rejected here; a wrong current
 * password only the server can tell. Mismatch and weakness are judged only on filled fields.
 */
export function validatePasswordChange({
  current,
  next,
  confirm,
  strength,
}: PasswordChangeForm): PasswordChangeMessageKey[] {
  const failed: Record<PasswordChangeMessageKey, boolean> = {
    'changePassword.errors.empty': current === '' || next === '' || confirm === '',
    'changePassword.errors.mismatch': next !== '' && confirm !== '' && next !== confirm,
    'changePassword.errors.weak': next !== '' && isPasswordWeak(next, strength),
  };
  return PASSWORD_CHANGE_MESSAGE_KEYS.filter((key) => failed[key]);
}
