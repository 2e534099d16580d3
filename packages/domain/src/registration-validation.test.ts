import { describe, expect, it } from 'vitest';
import {
  PASSWORD_CHANGE_MESSAGES_EN,
  REGISTRATION_MESSAGES_EN,
  REGISTRATION_MESSAGE_KEYS,
  validatePasswordChange,
  validateRegistration,
  type PasswordChangeForm,
  type RegistrationForm,
} from './registration-validation.ts';

const valid: RegistrationForm = {
  line1: '1 High Street',
  city: 'Cardiff',
  postcode: 'CF10 1AA',
  country: 'GB',
  phone_number: '+44 29 2000 0000',
  email: 'driver@example.com',
  currency: 'gbp',
  privacyAccepted: true,
  termsAccepted: true,
  password: 'Driver-pass-2026',
  confirmPassword: 'Driver-pass-2026',
  passwordStrength: 4,
};

describe('validateRegistration (spec 001 §5)', () => {
  it('a complete form has no messages', () => {
    expect(validateRegistration(valid)).toEqual([]);
  });

  it('issue 19: no post code required where the country has none (the UAE)', () => {
    expect(validateRegistration({ ...valid, country: 'AE', postcode: '' })).toEqual([]);
  });

  it.each<[string, Partial<RegistrationForm>, string]>([
    ['first line of address missing', { line1: '' }, 'Please enter your First Line of Address.'],
    [
      'first line of address only spaces',
      { line1: '   ' },
      'Please enter your First Line of Address.',
    ],
    ['city missing', { city: '' }, 'Please enter your City.'],
    ['post code missing', { postcode: ' ' }, 'Please enter your Post Code.'],
    ['country not selected', { country: '' }, 'Please Select your Country.'],
    ['phone number missing', { phone_number: '' }, 'Please enter your Phone Number.'],
    ['email missing', { email: '' }, 'Please Enter your email address.'],
    ['email not an address', { email: 'driver' }, 'Please Enter your email address.'],
    ['currency not selected', { currency: '' }, 'Please Select your Currency.'],
    [
      'privacy policy not accepted',
      { privacyAccepted: false },
      'You must accept the privacy policy.',
    ],
    ['terms not accepted', { termsAccepted: false }, 'You must accept the terms and conditions.'],
    ['passwords differ', { confirmPassword: 'Driver-pass-2027' }, 'Your passwords do not match.'],
    [
      'weak password (strength 2)',
      { passwordStrength: 2 },
      'Weak password: add symbols or numbers.',
    ],
    [
      'weak password (7 characters)',
      { password: 'Xk9!pq2', confirmPassword: 'Xk9!pq2' },
      'Weak password: add symbols or numbers.',
    ],
  ])('%s → %j', (_label, change, sentence) => {
    const keys = validateRegistration({ ...valid, ...change });
    expect(keys.map((key) => REGISTRATION_MESSAGES_EN[key])).toEqual([sentence]);
  });

  it('an empty form lists every message in the spec order', () => {
    const keys = validateRegistration({
      line1: '',
      city: '',
      postcode: '',
      country: '',
      phone_number: '',
      email: '',
      currency: '',
      privacyAccepted: false,
      termsAccepted: false,
      password: '',
      confirmPassword: 'x',
      passwordStrength: 0,
    });
    expect(keys).toEqual([...REGISTRATION_MESSAGE_KEYS]);
    expect(keys.map((key) => REGISTRATION_MESSAGES_EN[key])).toEqual([
      'Please enter your First Line of Address.',
      'Please enter your City.',
      'Please enter your Post Code.',
      'Please Select your Country.',
      'Please enter your Phone Number.',
      'Please Enter your email address.',
      'Please Select your Currency.',
      'You must accept the privacy policy.',
      'You must accept the terms and conditions.',
      'Your passwords do not match.',
      'Weak password: add symbols or numbers.',
    ]);
  });

  it('carries the password advice sentence', () => {
    expect(REGISTRATION_MESSAGES_EN['register.passwordAdvice']).toBe(
      'Password should be 8 or more characters, mixing upper and lower case, numbers and symbols.',
    );
  });
});

describe('validatePasswordChange (spec 001 §5)', () => {
  const ok: PasswordChangeForm = {
    current: 'Driver-pass-2026',
    next: 'New-pass-2027!',
    confirm: 'New-pass-2027!',
    strength: 4,
  };

  it.each<[string, Partial<PasswordChangeForm>, string[]]>([
    ['all filled, matching and strong', {}, []],
    ['current empty', { current: '' }, ['changePassword.errors.empty']],
    ['new empty', { next: '' }, ['changePassword.errors.empty']],
    ['confirmation empty', { confirm: '' }, ['changePassword.errors.empty']],
    ['all empty', { current: '', next: '', confirm: '' }, ['changePassword.errors.empty']],
    ['mismatch', { confirm: 'New-pass-2028!' }, ['changePassword.errors.mismatch']],
    ['weak', { strength: 1 }, ['changePassword.errors.weak']],
    ['too short', { next: 'Ab1!', confirm: 'Ab1!' }, ['changePassword.errors.weak']],
    [
      'mismatch and weak',
      { confirm: 'other', strength: 0 },
      ['changePassword.errors.mismatch', 'changePassword.errors.weak'],
    ],
    [
      'empty current with a weak new password',
      { current: '', strength: 2 },
      ['changePassword.errors.empty', 'changePassword.errors.weak'],
    ],
  ])('%s', (_label, change, expected) => {
    expect(validatePasswordChange({ ...ok, ...change })).toEqual(expected);
  });

  it('the wrong-current-password sentence is the spec wording', () => {
    expect(PASSWORD_CHANGE_MESSAGES_EN['changePassword.errors.incorrectCurrent']).toBe(
      'Your current password is incorrect.',
    );
    expect(PASSWORD_CHANGE_MESSAGES_EN['changePassword.errors.mismatch']).toBe(
      'Your passwords do not match.',
    );
  });
});
