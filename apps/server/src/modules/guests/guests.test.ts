import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TokenData } from '@evc/contract';
import { DEFAULT_RATE_LIMITS } from '../../platform/http/rate-limits.ts';
import { createTestApp, testClock, type TestApp } from '../../test/test-app.ts';
import { REFRESH_REUSE_GRACE_MS } from '../auth/token-service.ts';
import { newGuestCode } from './service.ts';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

async function newGuest(uuid = 'guest-device'): Promise<{ code: string; tokens: TokenData }> {
  const identifier = await t.call('guestIdentifier');
  expect(identifier.status).toBe(200);
  const { code } = identifier.body.data as { code: string };
  const answer = await t.call('guestTokens', { params: { code }, query: { uuid } });
  expect(answer.status).toBe(200);
  return { code, tokens: answer.body.data as TokenData };
}

describe('guest codes', () => {
  test('are G- and ten Crockford base32 characters, different each time', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newGuestCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^G-[0-9A-HJKMNP-TV-Z]{10}$/);
  });
});

describe('/development/guest/identifier and /development/guest/tokens/{code}', () => {
  test('a new guest gets tokens for its device, in the shape of a user tokenData', async () => {
    const { tokens } = await newGuest();
    expect(tokens.auth.token).toEqual(expect.any(String));
    expect(tokens.refresh.token).toEqual(expect.any(String));
    expect(new Date(tokens.auth.expiry).getTime()).toBeGreaterThan(Date.now());
  });

  test('the code is read case-insensitively; an unknown code is a 404, a malformed one a 400', async () => {
    const { code } = await newGuest();
    const lower = await t.call('guestTokens', {
      params: { code: code.toLowerCase() },
      query: { uuid: 'x' },
    });
    expect(lower.status).toBe(200);
    const unknown = await t.call('guestTokens', {
      params: { code: 'G-0000000000' },
      query: { uuid: 'x' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('GUEST_NOT_FOUND');
    const malformed = await t.call('guestTokens', {
      params: { code: 'nope' },
      query: { uuid: 'x' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/code/);
    const noDevice = await t.call('guestTokens', { params: { code } });
    expect(noDevice.status).toBe(400);
    expect(noDevice.body.message).toMatch(/uuid/);
  });

  test('guest tokens refresh through /refreshToken, rotating; a reused one ends the session', async () => {
    const { tokens } = await newGuest();
    const first = await t.call('refreshToken', {
      token: tokens.refresh.token,
      body: { uuid: 'guest-device' },
    });
    expect(first.status).toBe(200);
    const rotated = first.body.data as TokenData;
    expect(rotated.refresh.token).not.toBe(tokens.refresh.token);
    const check = await t.call('checkToken', { token: rotated.auth.token });
    expect(check.status).toBe(200);

    // Past the grace a device has for two refreshes at once.
    clock.advance(REFRESH_REUSE_GRACE_MS + 1_000);
    const reused = await t.call('refreshToken', {
      token: tokens.refresh.token,
      body: { uuid: 'guest-device' },
    });
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ code: 'REFRESH_TOKEN_REUSED', forcelogout: true });
    const afterReuse = await t.call('refreshToken', {
      token: rotated.refresh.token,
      body: { uuid: 'guest-device' },
    });
    expect(afterReuse.status).toBe(401);
  });

  test("a guest's access token opens no user call", async () => {
    const { tokens } = await newGuest();
    const userdata = await t.call('userdata', { token: tokens.auth.token, body: {} });
    expect(userdata.status).toBe(403);
    expect(userdata.body.code).toBe('GUEST_NOT_ALLOWED');
    const balance = await t.call('getUserBalance', { token: tokens.auth.token, body: {} });
    expect(balance.status).toBe(403);
  });

  test('a guest can log out, which ends its session', async () => {
    const { tokens } = await newGuest();
    const logout = await t.call('logout', {
      token: tokens.auth.token,
      body: { tokens: { token: tokens.auth.token, refreshToken: tokens.refresh.token } },
    });
    expect(logout.status).toBe(200);
    const refresh = await t.call('refreshToken', {
      token: tokens.refresh.token,
      body: { uuid: 'guest-device' },
    });
    expect(refresh.status).toBe(401);
  });

  test('are rate limited per client address', async () => {
    const limited = await t.withApp({
      rateLimits: { ...DEFAULT_RATE_LIMITS, guestIdentifier: { max: 2, timeWindowMs: 60_000 } },
    });
    expect((await limited.call('guestIdentifier')).status).toBe(200);
    expect((await limited.call('guestIdentifier')).status).toBe(200);
    const third = await limited.call('guestIdentifier');
    expect(third.status).toBe(429);
    // Counted per address: another client is not held back by this one.
    const elsewhere = await limited.call('guestIdentifier', { remoteAddress: '198.51.100.7' });
    expect(elsewhere.status).toBe(200);
  });

  test('guest tokens are rate limited per client address, whatever the code', async () => {
    const limited = await t.withApp({
      rateLimits: { ...DEFAULT_RATE_LIMITS, guestTokens: { max: 2, timeWindowMs: 60_000 } },
    });
    const { code } = (await limited.call('guestIdentifier')).body.data as { code: string };
    const tokens = (params: Record<string, string>, remoteAddress?: string) =>
      limited.call('guestTokens', {
        params,
        query: { uuid: 'rate' },
        ...(remoteAddress ? { remoteAddress } : {}),
      });
    expect((await tokens({ code })).status).toBe(200);
    expect((await tokens({ code: 'G-0000000000' })).status).toBe(404);
    // A guesser trying codes from one address is stopped, a right code included.
    expect((await tokens({ code })).status).toBe(429);
    expect((await tokens({ code }, '198.51.100.8')).status).toBe(200);
  });
});
