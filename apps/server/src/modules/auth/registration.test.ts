import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser, User } from '@evc/contract';
import { RESET_TOKEN_INVALID_MESSAGE } from '@evc/domain';
import {
  API_2_0_0,
  createTestApp,
  DRIVER,
  linkTokenIn,
  OPERATOR,
  type TestApp,
} from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const registration = (email: string, changes: object = {}) => ({
  user: {
    first_name: 'Rhian',
    last_name: 'Jones',
    email,
    password: 'Glas-Mynydd-88!',
    phone_number: '+44 7700 900777',
    address: { line1: '3 Heol y Castell', city: 'Caerdydd', postcode: 'CF10 1AA', country: 'GB' },
    preferredCurrency: 'gbp',
    language: 'cy',
    acceptedTerms: true,
    acceptedPrivacy: true,
    ...changes,
  },
});
const loginAs = (name: string, password: string) =>
  t.call('login', {
    body: { name, password, apiVersion: API_2_0_0, appVersion: '2.7.9', uuid: 'reg-device' },
  });
const latestMail = async (to: string) => {
  const [mail] = await t.outbox(to);
  if (!mail) throw new Error(`nothing sent to ${to}`);
  return mail;
};

describe('registration', () => {
  it('issue 19: takes an address without a post code where the country has none, and refuses one without where it has', async () => {
    const dubai = { line1: 'Villa 12, Al Wasl Road', city: 'Dubai', postcode: '', country: 'AE' };
    const started = await t.call('startRegistration', {
      body: registration('layla@example.org', { address: dubai, preferredCurrency: 'aed' }),
    });
    expect(started.status).toBe(200);

    const refused = await t.call('startRegistration', {
      body: registration('ffion@example.org', {
        address: { line1: '3 Heol y Castell', city: 'Caerdydd', postcode: ' ', country: 'GB' },
      }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('Please enter your Post Code.');
  });

  it('register → confirmation link in the outbox → complete → signed in → login works', async () => {
    const started = await t.call('startRegistration', { body: registration('Rhian@Example.org') });
    expect(started.status).toBe(200);
    expect(started.body.data).toEqual({ email: 'rhian@example.org' });

    const tooEarly = await loginAs('rhian@example.org', 'Glas-Mynydd-88!');
    expect(tooEarly.status).toBe(403);
    expect(tooEarly.body.code).toBe('REGISTRATION_NOT_CONFIRMED');

    const mail = await latestMail('rhian@example.org');
    expect(mail.subject).toBe('Cadarnhewch eich cyfrif EV Charge'); // in the user's language
    expect(mail.html).toContain('href="http://app.test/completeRegistration/');
    const token = linkTokenIn(mail.text, 'completeRegistration');

    const completed = await t.call('completeRegistration', { body: { uuid: 'reg-device', token } });
    expect(completed.status).toBe(200);
    const data = completed.body.data as { _id: string; email: string; user: SignedInUser };
    expect(data.email).toBe('rhian@example.org');
    const me = (await t.call('userdata', { token: data.user.token, body: {} })).body.data as User;
    expect(me).toMatchObject({
      _id: data._id,
      first_name: 'Rhian',
      roles: ['driver'],
      language: { code: 'cy' },
      preferredCurrency: { code: 'GBP' },
      address: { city: 'Caerdydd', line2: '', country: 'GB', country_code: { code: 'GB' } },
      stripe_data: { latest: { balance: 0 } },
    });
    expect(me.HRCode).toMatch(/^HR-[2-9A-HJKMNP-Z]{6}$/);

    const reused = await t.call('completeRegistration', { body: { uuid: 'reg-device', token } });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('REGISTRATION_TOKEN_INVALID');
    expect((await loginAs('rhian@example.org', 'Glas-Mynydd-88!')).status).toBe(200);
  });

  it('answers a taken address as a new one, and mails its owner instead', async () => {
    const before = await t.outbox(DRIVER.email);
    const fresh = await t.call('startRegistration', { body: registration('newcomer@example.org') });
    const taken = await t.call('startRegistration', {
      body: registration(' Driver@Example.com ', { password: 'Other-Hill-2027!' }),
    });
    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual({ data: { email: DRIVER.email } });
    expect(fresh.body).toEqual({ data: { email: 'newcomer@example.org' } });

    const mails = await t.outbox(DRIVER.email);
    expect(mails).toHaveLength(before.length + 1);
    const [told] = mails;
    expect(told?.subject).toBe('Someone tried to register with your e-mail address');
    expect(told?.text).toContain('http://app.test/login');
    expect(told?.text).toContain('http://app.test/reset-password');
    expect(told?.text).not.toMatch(/completeRegistration/);
    // The account is untouched: its password still signs in, the one just given does not.
    expect((await loginAs(DRIVER.email, DRIVER.password)).status).toBe(200);
    expect((await loginAs(DRIVER.email, 'Other-Hill-2027!')).status).toBe(401);
  });

  it('answers an unconfirmed taken address the same way, in its owner’s language', async () => {
    await t.call('startRegistration', { body: registration('pending@example.org') });
    const again = await t.call('startRegistration', {
      body: registration('pending@example.org', { language: 'en' }),
    });
    expect(again.body).toEqual({ data: { email: 'pending@example.org' } });
    const [told] = await t.outbox('pending@example.org');
    expect(told?.subject).toBe("Mae rhywun wedi ceisio cofrestru gyda'ch cyfeiriad e-bost");
  });

  it('answers two simultaneous registrations of one address alike, creating one account', async () => {
    const results = await Promise.all([
      t.call('startRegistration', { body: registration('twice@example.org') }),
      t.call('startRegistration', { body: registration('twice@example.org') }),
    ]);
    expect(results.map((result) => result.status)).toEqual([200, 200]);
    expect(results[0]?.body).toEqual(results[1]?.body);
    const mails = await t.outbox('twice@example.org');
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Cadarnhewch eich cyfrif EV Charge',
      "Mae rhywun wedi ceisio cofrestru gyda'ch cyfeiriad e-bost",
    ]);
  });

  it('refuses a weak password with WEAK_PASSWORD', async () => {
    const { status, body } = await t.call('startRegistration', {
      body: registration('weak@example.org', { password: 'password1' }),
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      code: 'WEAK_PASSWORD',
      message: 'Weak password: add symbols or numbers.',
      field: 'user.password',
    });
  });

  it.each([
    [{ email: 'not-an-address' }, 'user.email', 'Please Enter your email address.'],
    [{ acceptedTerms: false }, 'user.acceptedTerms', 'You must accept the terms and conditions.'],
    [{ acceptedPrivacy: false }, 'user.acceptedPrivacy', 'You must accept the privacy policy.'],
    [{ phone_number: '' }, 'user.phone_number', 'Please enter your Phone Number.'],
    [
      { address: { line1: '', city: 'X', postcode: 'Y', country: 'GB' } },
      'user.address.line1',
      'Please enter your First Line of Address.',
    ],
    [{ preferredCurrency: 'XXX' }, 'user.preferredCurrency', 'Please Select your Currency.'],
    [
      { address: { line1: 'a', city: 'X', postcode: 'Y', country: 'ZZ' } },
      'user.address.country',
      'Please Select your Country.',
    ],
  ])('names the field for %j, in the message and as `field`', async (change, field, problem) => {
    const { status, body } = await t.call('startRegistration', {
      body: registration('field@example.org', change),
    });
    expect(status).toBe(400);
    expect(body).toEqual({ code: 'VALIDATION', message: `${field}: ${problem}`, field });
  });

  it('resends a fresh link to an unconfirmed address; the old link stops working', async () => {
    await t.call('startRegistration', {
      body: registration('resend@example.org', { language: 'fr' }),
    });
    const firstToken = linkTokenIn(
      (await latestMail('resend@example.org')).text,
      'completeRegistration',
    );
    const resent = await t.call('requestRegistrationEmail', {
      body: { email: 'resend@example.org' },
    });
    expect(resent.body).toEqual({ data: { sent: true } });
    const mail = await latestMail('resend@example.org');
    expect(mail.subject).toBe('Confirmez votre compte EV Charge');
    const secondToken = linkTokenIn(mail.text, 'completeRegistration');
    expect(secondToken).not.toBe(firstToken);
    expect(
      (await t.call('completeRegistration', { body: { uuid: 'd', token: firstToken } })).status,
    ).toBe(400);
    expect(
      (await t.call('completeRegistration', { body: { uuid: 'd', token: secondToken } })).status,
    ).toBe(200);
  });

  it('answers the same for unknown and confirmed addresses, sending nothing', async () => {
    for (const email of ['nobody@example.org', DRIVER.email]) {
      const before = (await t.outbox(email)).length;
      expect((await t.call('requestRegistrationEmail', { body: { email } })).body).toEqual({
        data: { sent: true },
      });
      expect(await t.outbox(email)).toHaveLength(before);
    }
  });

  it('refuses an unknown confirmation token', async () => {
    const { status, body } = await t.call('completeRegistration', {
      body: { uuid: 'd', token: 'made-up' },
    });
    expect(status).toBe(400);
    expect(body.code).toBe('REGISTRATION_TOKEN_INVALID');
  });
});

describe('forgotten password', () => {
  it('forgot → reset link → new password signs in, the old one no longer does, sessions end', async () => {
    const before = await t.login(OPERATOR);
    expect(
      (await t.call('forgotPassword', { body: { email: ' OPERATOR@example.com' } })).body,
    ).toEqual({
      data: { sent: true },
    });
    const mail = await latestMail(OPERATOR.email);
    expect(mail.subject).toBe('Reset your EV Charge password');
    const token = linkTokenIn(mail.text, 'reset');

    const weak = await t.call('resetPassword', { body: { token, password: 'abc' } });
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe('WEAK_PASSWORD');

    const reset = await t.call('resetPassword', {
      body: { token, password: 'Brand-New-Pass-2026' },
    });
    expect(reset.body).toEqual({ data: true });
    expect((await loginAs(OPERATOR.email, OPERATOR.password)).status).toBe(401);
    expect((await loginAs(OPERATOR.email, 'Brand-New-Pass-2026')).status).toBe(200);
    expect((await t.call('checkToken', { token: before.token })).body.forcelogout).toBe(true);

    const again = await t.call('resetPassword', {
      body: { token, password: 'Another-New-Pass-2026' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      code: 'RESET_TOKEN_INVALID',
      message: RESET_TOKEN_INVALID_MESSAGE,
    });
  });

  it('answers sent for unknown addresses without sending anything', async () => {
    expect((await t.call('forgotPassword', { body: { email: 'ghost@example.org' } })).body).toEqual(
      {
        data: { sent: true },
      },
    );
    expect(await t.outbox('ghost@example.org')).toEqual([]);
    const bad = await t.call('forgotPassword', { body: { email: 'ghost' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^email: /);
  });
});

describe('changing the password', () => {
  it('needs the current password, refuses weak ones, and keeps only the current session', async () => {
    const other = await t.login(DRIVER, 'other-device');
    const user = await t.login(DRIVER);
    const wrong = await t.call('updatePassword', {
      token: user.token,
      body: { old_password: 'not-it', new_password: 'Sturdy-Pass-2027' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      code: 'CURRENT_PASSWORD_INCORRECT',
      message: 'Your current password is incorrect.',
      field: 'old_password',
    });
    const weak = await t.call('updatePassword', {
      token: user.token,
      body: { old_password: DRIVER.password, new_password: 'driver' },
    });
    expect(weak.body).toEqual({
      code: 'WEAK_PASSWORD',
      message: 'Weak password: add symbols or numbers.',
      field: 'new_password',
    });
    const missing = await t.call('updatePassword', {
      token: user.token,
      body: { old_password: DRIVER.password },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^new_password: /);

    const changed = await t.call('updatePassword', {
      token: user.token,
      body: { old_password: DRIVER.password, new_password: 'Sturdy-Pass-2027' },
    });
    expect(changed.body).toEqual({ data: true });
    expect((await t.call('checkToken', { token: user.token })).status).toBe(200);
    expect((await t.call('checkToken', { token: other.token })).status).toBe(401);
    expect((await loginAs(DRIVER.email, 'Sturdy-Pass-2027')).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('limits registration, forgotten-password, reset and registration e-mails', async () => {
    const limited = await t.withApp({
      rateLimits: {
        startRegistration: { max: 2, timeWindowMs: 60_000 },
        forgotPassword: { max: 2, timeWindowMs: 60_000 },
        resetPassword: { max: 2, timeWindowMs: 60_000 },
        requestRegistrationEmail: { max: 2, timeWindowMs: 60_000 },
      },
    });
    for (const [name, body] of [
      ['startRegistration', registration('limit@example.org')],
      ['forgotPassword', { email: 'limit@example.org' }],
      ['resetPassword', { token: 'guess', password: 'Guessing-Pass-2026' }],
      ['requestRegistrationEmail', { email: 'limit@example.org' }],
    ] as const) {
      await limited.call(name, { body });
      await limited.call(name, { body });
      const blocked = await limited.call(name, { body });
      expect(blocked.status, name).toBe(429);
      expect(blocked.body.code).toBe('RATE_LIMITED');
    }
  });

  it.each([
    ['startRegistration', (email: string) => registration(email)],
    ['forgotPassword', (email: string) => ({ email })],
    ['requestRegistrationEmail', (email: string) => ({ email })],
  ] as const)('counts %s per address and per e-mail address apart', async (name, bodyFor) => {
    const limited = await t.withApp({ rateLimits: { [name]: { max: 2, timeWindowMs: 60_000 } } });
    const send = (email: string, remoteAddress: string) =>
      limited.call(name, { body: bodyFor(email), remoteAddress });
    // One address, many e-mail addresses.
    expect((await send(`${name}-1@example.org`, '198.51.100.20')).status).toBe(200);
    expect((await send(`${name}-2@example.org`, '198.51.100.20')).status).toBe(200);
    expect((await send(`${name}-3@example.org`, '198.51.100.20')).status).toBe(429);
    // One e-mail address, many addresses.
    expect((await send(`${name}-4@example.org`, '198.51.100.21')).status).toBe(200);
    expect((await send(`${name}-4@example.org`, '198.51.100.22')).status).toBe(200);
    const blocked = await send(`${name}-4@example.org`, '198.51.100.23');
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
  });
});
