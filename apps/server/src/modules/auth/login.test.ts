import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, RefreshTokenResponse } from '@evc/contract';
import {
  API_2_0_0,
  createTestApp,
  DRIVER,
  OPERATOR,
  testClock,
  type TestApp,
} from '../../test/test-app.ts';
import { REFRESH_REUSE_GRACE_MS } from './token-service.ts';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

const loginBody = (name: string, password: string, extra: object = {}) => ({
  name,
  password,
  apiVersion: API_2_0_0,
  appVersion: '2.7.9',
  uuid: 'device-1',
  ...extra,
});

describe('login', () => {
  it('signs in with a trimmed, lower-cased name and returns both tokens', async () => {
    const { status, body } = await t.call('login', {
      body: loginBody('  Driver@Example.COM ', DRIVER.password),
    });
    expect(status).toBe(200);
    const data = body.data as LoginResponse;
    expect(data.mfaStage).toBeUndefined();
    expect(data.user?.token).toBe(data.user?.tokenData.auth.token);
    expect(data.user?.tokenData.refresh.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expiry = Date.parse(data.user?.tokenData.auth.expiry ?? '');
    expect(expiry - Date.now()).toBeGreaterThan(890_000);
    expect(expiry - Date.now()).toBeLessThanOrEqual(900_000);
  });

  it.each([
    ['a wrong password', DRIVER.email, 'Driver-pass-2025'],
    ['an unknown name', 'nobody@example.com', DRIVER.password],
  ])('refuses %s with LOGIN_FAILED and no forcelogout', async (_, name, password) => {
    const { status, body } = await t.call('login', { body: loginBody(name, password) });
    expect(status).toBe(401);
    expect(body).toEqual({
      code: 'LOGIN_FAILED',
      message: 'Your username or password is incorrect',
    });
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ password: 42 }, 'password'],
    [{ apiVersion: { majorversion: 'two' } }, 'apiVersion.majorversion'],
    [{ uuid: undefined }, 'uuid'],
  ])('answers 400 naming the field for %j', async (change, field) => {
    const { status, body } = await t.call('login', {
      body: { ...loginBody(DRIVER.email, DRIVER.password), ...change },
    });
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION');
    expect(body.message?.startsWith(`${field}: `)).toBe(true);
  });

  it('refuses an app older than the API', async () => {
    const { status, body } = await t.call('login', {
      body: loginBody(DRIVER.email, DRIVER.password, {
        apiVersion: { majorversion: 1, minorversion: 9, patchversion: 9 },
      }),
    });
    expect(status).toBe(400);
    expect(body.code).toBe('APP_OUTDATED');
  });

  it('turns malformed JSON, a missing body and unknown routes into 4xx, never 500', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION' });
    const empty = await t.app.inject({ method: 'POST', url: '/api/login' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION' });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('access tokens', () => {
  it('checkToken answers the expiry of a valid token', async () => {
    const user = await t.login(DRIVER);
    const { status, body } = await t.call('checkToken', { token: user.token });
    expect(status).toBe(200);
    expect(body.data).toEqual({ valid: true, expiry: user.tokenData.auth.expiry });
  });

  it('answers TOKEN_EXPIRED without forcelogout for an expired or forged token', async () => {
    const user = await t.login(DRIVER);
    const forged = await t.call('checkToken', { token: `${user.token.slice(0, -4)}AAAA` });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ code: 'TOKEN_EXPIRED', message: expect.any(String) as string });
    clock.advance(901_000);
    try {
      const expired = await t.call('userdata', { token: user.token, body: {} });
      expect(expired.status).toBe(401);
      expect(expired.body.code).toBe('TOKEN_EXPIRED');
      expect(expired.body.forcelogout).toBeUndefined();
    } finally {
      clock.advance(-901_000);
    }
  });

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    const { status, body } = await t.call('userdata', { body: {} });
    expect(status).toBe(401);
    expect(body.code).toBe('UNAUTHENTICATED');
  });
});

describe('refresh tokens', () => {
  const refresh = (token: string) => t.call('refreshToken', { token, body: { uuid: 'device-1' } });

  it('rotates on every use: the new pair works, the old access token keeps working until it expires', async () => {
    const user = await t.login(DRIVER);
    const first = await refresh(user.tokenData.refresh.token);
    expect(first.status).toBe(200);
    const pair = first.body.data as RefreshTokenResponse;
    expect(pair.refresh.token).not.toBe(user.tokenData.refresh.token);
    expect((await t.call('checkToken', { token: pair.auth.token })).status).toBe(200);
    const second = await refresh(pair.refresh.token);
    expect(second.status).toBe(200);
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const user = await t.login(DRIVER);
    const rotated = (await refresh(user.tokenData.refresh.token)).body.data as RefreshTokenResponse;

    const reuse = await refresh(user.tokenData.refresh.token);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toMatchObject({ code: 'REFRESH_TOKEN_REUSED', forcelogout: true });

    // Every token of the family is dead now, including the newest pair.
    const newest = await refresh(rotated.refresh.token);
    expect(newest.status).toBe(401);
    expect(newest.body.forcelogout).toBe(true);
    const access = await t.call('checkToken', { token: rotated.auth.token });
    expect(access.status).toBe(401);
    expect(access.body).toMatchObject({ code: 'SESSION_REVOKED', forcelogout: true });

    // Other sessions of the same user are not affected.
    const other = await t.login(DRIVER, 'device-2');
    expect((await t.call('checkToken', { token: other.token })).status).toBe(200);
  });

  describe('two refreshes of one device at once', () => {
    const refreshFrom = (token: string, uuid: string) =>
      t.call('refreshToken', { token, body: { uuid } });
    const alive = async (pair: RefreshTokenResponse) =>
      (await t.call('checkToken', { token: pair.auth.token })).status === 200;

    it('answers both with pairs of the same, still open, session', async () => {
      const user = await t.login(DRIVER, 'tabs-device');
      const answers = await Promise.all([
        refreshFrom(user.tokenData.refresh.token, 'tabs-device'),
        refreshFrom(user.tokenData.refresh.token, 'tabs-device'),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const [first, second] = answers.map((answer) => answer.body.data as RefreshTokenResponse);
      if (!first || !second) throw new Error('no pairs');
      expect(first.refresh.token).not.toBe(second.refresh.token);
      expect(await alive(first)).toBe(true);
      expect(await alive(second)).toBe(true);
      // Each new refresh token rotates on as usual.
      expect((await refreshFrom(second.refresh.token, 'tabs-device')).status).toBe(200);
    });

    it('still ends the session when the used token comes back after the grace window', async () => {
      const user = await t.login(DRIVER, 'late-device');
      const rotated = (await refreshFrom(user.tokenData.refresh.token, 'late-device')).body
        .data as RefreshTokenResponse;
      clock.advance(REFRESH_REUSE_GRACE_MS - 1_000);
      expect((await refreshFrom(user.tokenData.refresh.token, 'late-device')).status).toBe(200);
      clock.advance(2_000);
      const late = await refreshFrom(user.tokenData.refresh.token, 'late-device');
      expect(late.status).toBe(401);
      expect(late.body).toMatchObject({ code: 'REFRESH_TOKEN_REUSED', forcelogout: true });
      expect(await alive(rotated)).toBe(false);
    });

    it('ends the session when another device, or a token already rotated past, comes back', async () => {
      const user = await t.login(DRIVER, 'own-device');
      await refreshFrom(user.tokenData.refresh.token, 'own-device');
      const stranger = await refreshFrom(user.tokenData.refresh.token, 'other-device');
      expect(stranger.body).toMatchObject({ code: 'REFRESH_TOKEN_REUSED', forcelogout: true });

      const again = await t.login(DRIVER, 'own-device');
      const second = (await refreshFrom(again.tokenData.refresh.token, 'own-device')).body
        .data as RefreshTokenResponse;
      clock.advance(1_000);
      const third = (await refreshFrom(second.refresh.token, 'own-device')).body
        .data as RefreshTokenResponse;
      // The first token's successor has itself been used: this is no longer a race.
      const stale = await refreshFrom(again.tokenData.refresh.token, 'own-device');
      expect(stale.body).toMatchObject({ code: 'REFRESH_TOKEN_REUSED', forcelogout: true });
      expect(await alive(third)).toBe(false);
    });
  });

  it('answers 401 with forcelogout for an unknown, missing or expired refresh token', async () => {
    const unknown = await refresh('not-a-token');
    expect(unknown.status).toBe(401);
    expect(unknown.body.forcelogout).toBe(true);
    const missing = await t.call('refreshToken', { body: { uuid: 'device-1' } });
    expect(missing.status).toBe(401);
    expect(missing.body.forcelogout).toBe(true);

    const user = await t.login(DRIVER);
    clock.advance(31 * 24 * 3600 * 1000);
    try {
      const expired = await refresh(user.tokenData.refresh.token);
      expect(expired.status).toBe(401);
      expect(expired.body.forcelogout).toBe(true);
    } finally {
      clock.advance(-31 * 24 * 3600 * 1000);
    }
  });

  it('names the field when the body is wrong', async () => {
    const user = await t.login(DRIVER);
    const { status, body } = await t.call('refreshToken', {
      token: user.tokenData.refresh.token,
      body: {},
    });
    expect(status).toBe(400);
    expect(body.message).toMatch(/^uuid: /);
  });
});

describe('logout', () => {
  it('ends the session: its access and refresh tokens stop working with forcelogout', async () => {
    const user = await t.login(OPERATOR);
    const out = await t.call('logout', {
      token: user.token,
      body: { tokens: { token: user.token, refreshToken: user.tokenData.refresh.token } },
    });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ data: true });
    const after = await t.call('userdata', { token: user.token, body: {} });
    expect(after.status).toBe(401);
    expect(after.body.forcelogout).toBe(true);
    const refreshed = await refresh(user.tokenData.refresh.token);
    expect(refreshed.status).toBe(401);
  });

  it('names the field when tokens are missing', async () => {
    const user = await t.login(OPERATOR);
    const { status, body } = await t.call('logout', { token: user.token, body: {} });
    expect(status).toBe(400);
    expect(body.message).toMatch(/^tokens: /);
  });

  function refresh(token: string) {
    return t.call('refreshToken', { token, body: { uuid: 'device-1' } });
  }
});

describe('rate limits', () => {
  const attempt = (app: TestApp, email: string, password: string, remoteAddress: string) =>
    app.call('login', { body: loginBody(email, password), remoteAddress });

  it('counts one address over every name it tries', async () => {
    const limited = await t.withApp({ rateLimits: { login: { max: 3, timeWindowMs: 60_000 } } });
    for (const name of ['a@example.org', 'b@example.org', 'c@example.org']) {
      expect((await attempt(limited, name, 'wrong-password', '198.51.100.7')).status).toBe(401);
    }
    const blocked = await attempt(limited, DRIVER.email, DRIVER.password, '198.51.100.7');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/try again in \d+ seconds/) as string,
    });
    // The driver, from their own address, is not held back by the other address's attempts.
    expect((await attempt(limited, DRIVER.email, DRIVER.password, '198.51.100.8')).status).toBe(
      200,
    );
  });

  it('counts one name over every address it is tried from', async () => {
    const limited = await t.withApp({ rateLimits: { login: { max: 3, timeWindowMs: 60_000 } } });
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      expect((await attempt(limited, OPERATOR.email, 'wrong-password', address)).status).toBe(401);
    }
    // Spelt differently, still the same login name.
    const blocked = await attempt(
      limited,
      ' Operator@Example.com',
      OPERATOR.password,
      '203.0.113.4',
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    // Another account from a fresh address still gets in.
    expect((await attempt(limited, DRIVER.email, DRIVER.password, '203.0.113.5')).status).toBe(200);
  });
});
