import { describe, expect, it } from 'vitest';
import { needsBearerToken } from './auth-paths.ts';

describe('needsBearerToken (spec 000 §7)', () => {
  it.each([
    '/login',
    '/api/login',
    'https://api.example.com/api/login',
    '/development/user/mfa/verify',
    '/development/user/mfa/requestToken',
    '/register/registration',
    '/getAllCurrencies',
    '/getAllLanguages',
    '/getAllCountries',
    '/uptimerobot',
    '/forgotPassword',
    '/resetPassword',
    '/reset/abc123',
    '/development/guest/identifier',
    '/apiversioncheck',
    '/api/apiversioncheck?x=1',
    '/development/guest/helpline/default',
    '/support',
    '/support/tickets',
    '/theming/api/read',
    '/development/guest/tokens/GUEST1?uuid=u-1',
    '/assets/i18n/en.json',
    'http://localhost:8080/assets/cars/tesla.png',
  ])('%s is sent without the access token', (path) => {
    expect(needsBearerToken(path)).toBe(false);
  });

  it.each([
    ['/refreshToken', 'carries the refresh token instead, supplied by the caller'],
    ['/development/logout', '"logout" is not "login"'],
    ['/loginHistory', 'a longer segment is not "login"'],
    ['/userdata', 'an ordinary call'],
    ['/updatePassword', 'not resetPassword'],
    ['/checkToken', 'an ordinary call'],
    ['/startRegistration', 'not register/registration'],
    ['/completeRegistration', 'not register/registration'],
    ['/reset', '"/reset/" needs a following segment'],
    ['/reset-password', 'not the /reset/ segment'],
    ['/development/user/mfa/setup', 'MFA management needs the user'],
    ['/development/guest/other', 'other guest calls'],
    ['/api/assets/x', '/assets only exempts paths starting with it'],
    ['/getUserBalance', 'an ordinary call'],
    ['/guest', 'only the listed guest calls'],
    ['/Login', 'paths are case-sensitive'],
  ])('%s carries the access token (%s)', (path) => {
    expect(needsBearerToken(path)).toBe(true);
  });
});
