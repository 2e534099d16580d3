import { describe, expect, it } from 'vitest';
import { callPath, calls } from './calls.ts';
import { loginRequest, mfaSetupConfirmRequest, startRegistrationRequest } from './auth.ts';

const validRegistration = {
  first_name: 'Dana',
  last_name: 'Driver',
  email: ' Dana@Example.com ',
  password: 'Driver-pass-2026',
  phone_number: '+44 7700 900123',
  address: { line1: '1 High Street', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' },
  preferredCurrency: 'gbp',
  acceptedTerms: true,
  acceptedPrivacy: true,
};

describe('call catalogue', () => {
  it('keeps every path unique per method', () => {
    const keys = Object.values(calls).map((call) => `${call.method} ${call.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('fills path parameters and refuses missing ones', () => {
    expect(callPath(calls.updateUser, { userid: 'a b' })).toBe('/development/user/update/a%20b');
    expect(() => callPath(calls.updateUser, {})).toThrow(/userid/);
  });
});

describe('login request', () => {
  it.each([
    [' Driver@Example.COM ', 'driver@example.com'],
    ['driver@example.com', 'driver@example.com'],
  ])('normalises the name %j to %j (spec 000 §5)', (name, expected) => {
    const parsed = loginRequest.parse({
      name,
      password: 'x',
      apiVersion: { majorversion: 2, minorversion: 0, patchversion: 0 },
      appVersion: '2.7.9',
      uuid: 'device-1',
    });
    expect(parsed.name).toBe(expected);
  });
});

describe('registration request', () => {
  it('issue 19: accepts an address without a post code where the country has none', () => {
    const parsed = startRegistrationRequest.parse({
      user: {
        ...validRegistration,
        address: { ...validRegistration.address, country: 'AE', postcode: '' },
      },
    });
    expect(parsed.user.address.postcode).toBe('');
  });

  it('accepts a complete form and normalises e-mail and currency', () => {
    const parsed = startRegistrationRequest.parse({ user: validRegistration });
    expect(parsed.user.email).toBe('dana@example.com');
    expect(parsed.user.preferredCurrency).toBe('GBP');
  });

  it.each([
    [
      { address: { ...validRegistration.address, line1: ' ' } },
      'Please enter your First Line of Address.',
    ],
    [{ address: { ...validRegistration.address, city: '' } }, 'Please enter your City.'],
    [{ address: { ...validRegistration.address, postcode: '' } }, 'Please enter your Post Code.'],
    [{ address: { ...validRegistration.address, country: '' } }, 'Please Select your Country.'],
    [{ phone_number: '' }, 'Please enter your Phone Number.'],
    [{ email: 'not-an-address' }, 'Please Enter your email address.'],
    [{ preferredCurrency: '' }, 'Please Select your Currency.'],
    [{ acceptedPrivacy: false }, 'You must accept the privacy policy.'],
    [{ acceptedTerms: false }, 'You must accept the terms and conditions.'],
  ])('rejects %j with the spec message %j (spec 001 §5)', (change, message) => {
    const result = startRegistrationRequest.safeParse({
      user: { ...validRegistration, ...change },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});

describe('MFA code', () => {
  it.each(['12345', '1234567', 'abcdef', ''])(
    '%j is refused in the spec’s words (000 §8)',
    (code) => {
      const result = mfaSetupConfirmRequest.safeParse({ method: 'email', code });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        'Your 6 digit code was not recognised',
      ]);
    },
  );
});
