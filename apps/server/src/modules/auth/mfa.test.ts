import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, MfaOption, SignedInUser } from '@evc/contract';
import {
  API_2_0_0,
  codeIn,
  createTestApp,
  DRIVER,
  MFA_USER,
  OPERATOR,
  testClock,
  type TestApp,
} from '../../test/test-app.ts';
import { ENFORCED_SETUP_MESSAGE } from './service.ts';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

const credentials = (account: { email: string; password: string }) => ({
  name: account.email,
  password: account.password,
  uuid: 'device-mfa',
});
const login = async (account: { email: string; password: string }) =>
  (
    await t.call('login', {
      body: { ...credentials(account), apiVersion: API_2_0_0, appVersion: '2.7.9' },
    })
  ).body.data as LoginResponse;
const latestCode = async (to: string) => {
  const [latest] = await t.outbox(to);
  if (!latest) throw new Error(`nothing sent to ${to}`);
  return codeIn(latest.text);
};
const totp = (secret: string) =>
  generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
const verify = (account: { email: string; password: string }, method: string, mfaToken: string) =>
  t.call('mfaVerify', { body: { ...credentials(account), method, mfaToken } });

describe('enforced setup (mfa@example.com: MFA required, no method yet)', () => {
  let limited: SignedInUser;

  it('login answers EnforcedSetup with a message and limited tokens', async () => {
    const data = await login(MFA_USER);
    expect(data.mfaStage).toBe('EnforcedSetup');
    expect(data.message).toBe(ENFORCED_SETUP_MESSAGE);
    expect(data.user?.token).toBeTruthy();
    limited = data.user as SignedInUser;
  });

  it('the limited token reads userdata and MFA methods but nothing else', async () => {
    const me = await t.call('userdata', { token: limited.token, body: {} });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      email: MFA_USER.email,
      mfa: { required: true, methods: [] },
    });
    expect((await t.call('mfaMethods', { token: limited.token })).body.data).toEqual([]);
    for (const [name, body] of [
      ['getVisibilityPermissions', {}],
      ['updatePassword', { old_password: MFA_USER.password, new_password: 'Another-pass-2026' }],
      ['requestAccountDeletion', {}],
    ] as const) {
      const refused = await t.call(name, { token: limited.token, body });
      expect(refused.status, name).toBe(403);
      expect(refused.body.code).toBe('MFA_SETUP_REQUIRED');
    }
  });

  it('setting up e-mail with the mailed code gives full tokens and ends the limited session', async () => {
    const setup = await t.call('mfaSetup', { token: limited.token, body: { method: 'email' } });
    expect(setup.status).toBe(200);
    expect(setup.body.data).toEqual({ method: 'email' });
    const [mail] = await t.outbox(MFA_USER.email);
    expect(mail?.kind).toBe('email');
    expect(mail?.subject).toBe('Your EV Charge verification code');

    const wrong = await t.call('mfaSetupConfirm', {
      token: limited.token,
      body: { method: 'email', code: '000000' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      code: 'MFA_CODE_INVALID',
      message: 'Your 6 digit code was not recognised',
    });

    const confirmed = await t.call('mfaSetupConfirm', {
      token: limited.token,
      body: { method: 'email', code: codeIn(mail?.text ?? '') },
    });
    expect(confirmed.status).toBe(200);
    const data = confirmed.body.data as { methods: MfaOption[]; user?: SignedInUser };
    expect(data.methods).toEqual([{ method: 'email', isDefault: true, hint: 'm***a@example.com' }]);
    expect(data.user?.token).toBeTruthy();

    expect(
      (await t.call('getVisibilityPermissions', { token: data.user?.token, body: {} })).status,
    ).toBe(200);
    const old = await t.call('userdata', { token: limited.token, body: {} });
    expect(old.status).toBe(401);
    expect(old.body.forcelogout).toBe(true);
  });

  it('from then on login asks for a code (RequestToken) and the e-mailed code signs in', async () => {
    const data = await login(MFA_USER);
    expect(data).toEqual({
      mfaStage: 'RequestToken',
      mfaOptions: [{ method: 'email', isDefault: true, hint: 'm***a@example.com' }],
    });
    const sent = await t.call('mfaRequestToken', {
      body: { ...credentials(MFA_USER), method: 'email' },
    });
    expect(sent.body.data).toEqual({ sent: true, method: 'email' });
    const code = await latestCode(MFA_USER.email);
    const verified = await verify(MFA_USER, 'email', code);
    expect(verified.status).toBe(200);
    expect(
      (verified.body.data as { user: SignedInUser }).user.tokenData.refresh.token,
    ).toBeTruthy();

    const again = await verify(MFA_USER, 'email', code);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('MFA_CODE_INVALID');
  });

  it('a code dies after 5 wrong tries', async () => {
    await t.call('mfaRequestToken', { body: { ...credentials(MFA_USER), method: 'email' } });
    const code = await latestCode(MFA_USER.email);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await verify(MFA_USER, 'email', wrong)).status).toBe(401);
    }
    expect((await verify(MFA_USER, 'email', code)).status).toBe(401);
  });

  it('a code is valid for 10 minutes (delivery may take 5)', async () => {
    await t.call('mfaRequestToken', { body: { ...credentials(MFA_USER), method: 'email' } });
    const first = await latestCode(MFA_USER.email);
    clock.advance(9 * 60_000);
    expect((await verify(MFA_USER, 'email', first)).status).toBe(200);

    await t.call('mfaRequestToken', { body: { ...credentials(MFA_USER), method: 'email' } });
    const second = await latestCode(MFA_USER.email);
    clock.advance(10 * 60_000 + 1000);
    expect((await verify(MFA_USER, 'email', second)).status).toBe(401);
  });

  it('refuses codes with a wrong password, an unset method or a malformed code', async () => {
    const badPassword = await t.call('mfaVerify', {
      body: { ...credentials(MFA_USER), password: 'nope', method: 'email', mfaToken: '123456' },
    });
    expect(badPassword.status).toBe(401);
    expect(badPassword.body.code).toBe('LOGIN_FAILED');
    const unset = await t.call('mfaRequestToken', {
      body: { ...credentials(MFA_USER), method: 'phone' },
    });
    expect(unset.status).toBe(400);
    expect(unset.body.code).toBe('MFA_METHOD_NOT_AVAILABLE');
    const malformed = await verify(MFA_USER, 'email', '12345');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('mfaToken: Your 6 digit code was not recognised');
  });

  it('the only method of an account that requires MFA cannot be removed', async () => {
    await t.call('mfaRequestToken', { body: { ...credentials(MFA_USER), method: 'email' } });
    const { user } = (await verify(MFA_USER, 'email', await latestCode(MFA_USER.email))).body
      .data as {
      user: SignedInUser;
    };
    const removed = await t.call('mfaRemove', { token: user.token, body: { method: 'email' } });
    expect(removed.status).toBe(400);
    expect(removed.body.code).toBe('MFA_METHOD_REQUIRED');
  });
});

describe('text-message and authenticator-app methods (operator)', () => {
  let token: string;
  let secret: string;
  const phone = '+44 7700 900456';

  beforeAll(async () => {
    token = (await t.login(OPERATOR)).token;
  });

  it('sets up the phone with a texted code', async () => {
    const setup = await t.call('mfaSetup', {
      token,
      body: { method: 'phone', phone_number: phone },
    });
    expect(setup.status).toBe(200);
    const [sms] = await t.outbox(phone);
    expect(sms?.kind).toBe('sms');
    expect(sms?.text).toMatch(/^Your EV Charge code is \d{6}\. It is valid for 10 minutes\.$/);
    const confirmed = await t.call('mfaSetupConfirm', {
      token,
      body: { method: 'phone', code: codeIn(sms?.text ?? '') },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toEqual({
      methods: [{ method: 'phone', isDefault: true, hint: '•••• 0456' }],
    });
  });

  it('sets up the authenticator app with an otpauth URL, a QR code and a TOTP code', async () => {
    const setup = await t.call('mfaSetup', { token, body: { method: 'app' } });
    const data = setup.body.data as { otpauthUrl: string; qrDataUrl: string; secret: string };
    expect(data.otpauthUrl).toMatch(/^otpauth:\/\/totp\/EV%20Charge:operator%40example\.com\?/);
    expect(data.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    secret = data.secret;
    const confirmed = await t.call('mfaSetupConfirm', {
      token,
      body: { method: 'app', code: await totp(secret) },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toEqual({
      methods: [
        { method: 'phone', isDefault: true, hint: '•••• 0456' },
        { method: 'app', isDefault: false, hint: 'Authenticator app' },
      ],
    });
  });

  it('a TOTP code works once; the next time step gives a new one', async () => {
    const code = await totp(secret);
    expect((await verify(OPERATOR, 'app', code)).status).toBe(401); // used by the setup above
    clock.advance(30_000);
    const next = await totp(secret);
    expect((await verify(OPERATOR, 'app', next)).status).toBe(200);
    const reuse = await verify(OPERATOR, 'app', next);
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('MFA_CODE_INVALID');
  });

  it('signs in with a texted code', async () => {
    expect((await login(OPERATOR)).mfaStage).toBe('RequestToken');
    await t.call('mfaRequestToken', { body: { ...credentials(OPERATOR), method: 'phone' } });
    expect((await verify(OPERATOR, 'phone', await latestCode(phone))).status).toBe(200);
  });

  it('makes a method default, and removing the default makes another one default', async () => {
    const made = await t.call('mfaSetDefault', { token, body: { method: 'app' } });
    expect(made.body.data).toEqual([
      { method: 'phone', isDefault: false, hint: '•••• 0456' },
      { method: 'app', isDefault: true, hint: 'Authenticator app' },
    ]);
    const removed = await t.call('mfaRemove', { token, body: { method: 'app' } });
    expect(removed.body.data).toEqual([{ method: 'phone', isDefault: true, hint: '•••• 0456' }]);
    expect((await t.call('mfaMethods', { token })).body.data).toEqual(removed.body.data);
    const again = await t.call('mfaRemove', { token, body: { method: 'app' } });
    expect(again.status).toBe(400);
    const bad = await t.call('mfaSetDefault', { token, body: { method: 'carrier-pigeon' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^method: /);
  });

  it('refuses to confirm a method whose setup never started', async () => {
    const driver = await t.login(DRIVER);
    const refused = await t.call('mfaSetupConfirm', {
      token: driver.token,
      body: { method: 'app', code: '123456' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('MFA_SETUP_NOT_STARTED');
  });
});

describe('rate limits on MFA', () => {
  it('limits code requests and verification per name', async () => {
    const limited = await t.withApp({
      rateLimits: {
        mfaVerify: { max: 2, timeWindowMs: 60_000 },
        mfaRequestToken: { max: 1, timeWindowMs: 60_000 },
      },
    });
    const body = { ...credentials(MFA_USER), method: 'email', mfaToken: '000000' };
    expect((await limited.call('mfaVerify', { body })).status).toBe(401);
    expect((await limited.call('mfaVerify', { body })).status).toBe(401);
    const blocked = await limited.call('mfaVerify', { body });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');

    const request = { ...credentials(MFA_USER), method: 'email' };
    expect((await limited.call('mfaRequestToken', { body: request })).status).toBe(200);
    expect((await limited.call('mfaRequestToken', { body: request })).status).toBe(429);
    // Counted per name whatever the address: codes cannot be sent on and on from many.
    const elsewhere = await limited.call('mfaRequestToken', {
      body: request,
      remoteAddress: '203.0.113.40',
    });
    expect(elsewhere.status).toBe(429);
  });

  it('limits the codes a signed-in driver has sent while setting up a method', async () => {
    const limited = await t.withApp({ rateLimits: { mfaSetup: { max: 2, timeWindowMs: 60_000 } } });
    const { token } = await limited.login(DRIVER, 'device-setup-limit');
    const setUp = (remoteAddress: string) =>
      limited.call('mfaSetup', { token, body: { method: 'email' }, remoteAddress });
    expect((await setUp('203.0.113.41')).status).toBe(200);
    expect((await setUp('203.0.113.42')).status).toBe(200);
    const blocked = await setUp('203.0.113.43');
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
  });
});
