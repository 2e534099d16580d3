import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { callApi } from '../api/client.ts';
import { callsTo, fakeApi, json, ok } from '../../test/stub-server.ts';
import { tokenData } from '../../test/signed-in.ts';
import { endSession, sessionExit } from './end-session.ts';
import { ensureGuest, resumeGuest } from './guest-session.ts';
import { getSession, initSession, signIn } from './session-store.ts';
import { clearTokens, getHeldTokens, getTokens, setGuestTokens } from './token-store.ts';
import { testUser } from '../../test/fixtures.ts';

const CODE = 'G-ABCDEFGH12';
const earlier = new Date(Date.now() - 60_000).toISOString();
const later = new Date(Date.now() + 3_600_000).toISOString();
let goToLogin: MockInstance<() => void>;

beforeEach(async () => {
  window.localStorage.clear();
  await clearTokens();
  goToLogin = vi.spyOn(sessionExit, 'goToLogin').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  goToLogin.mockRestore();
});

describe('the guest session (spec 000 §3, §4, §8)', () => {
  it('gets a guest code and this device’s tokens for it, stores them as guestTokens and sets the guest', async () => {
    const seen = fakeApi({
      '/development/guest/identifier': () => ok({ code: CODE }),
      [`/development/guest/tokens/${CODE}`]: () => ok(tokenData('guest-access')),
    });

    expect(await ensureGuest()).toEqual({ HRCode: CODE });

    const [tokensCall] = callsTo(seen, `/development/guest/tokens/${CODE}`);
    expect(new URL(tokensCall?.url ?? '').searchParams.get('uuid')).toMatch(/\S+/);
    expect(seen.every((request) => request.headers.Authorization === undefined)).toBe(true);
    expect(JSON.parse(window.localStorage.getItem('guestTokens') ?? '{}')).toMatchObject({
      code: CODE,
      auth: { token: 'guest-access' },
    });
    expect(getSession()).toMatchObject({
      status: 'signed-out',
      user: null,
      guest: { HRCode: CODE },
    });
  });

  it('keeps the guest it holds, and loads it at start-up', async () => {
    await setGuestTokens(CODE, tokenData('guest-access'));
    const seen = fakeApi({});
    expect(await ensureGuest()).toEqual({ HRCode: CODE });
    await initSession();
    expect(getSession().guest).toEqual({ HRCode: CODE });
    expect(seen).toHaveLength(0);
  });

  it('a typed guest code brings that guest back in place of the one held', async () => {
    await setGuestTokens('G-ZZZZZZZZZZ', tokenData('old'));
    fakeApi({ [`/development/guest/tokens/${CODE}`]: () => ok(tokenData('back')) });
    await resumeGuest(CODE);
    expect(await getHeldTokens()).toMatchObject({ owner: 'guest', code: CODE });
    expect((await getTokens())?.auth.token).toBe('back');
  });

  it('a real user clears the guest', async () => {
    await setGuestTokens(CODE, tokenData('guest-access'));
    fakeApi({ '/userdata': () => ok(testUser) });
    await signIn(tokenData('user-access'));
    expect(window.localStorage.getItem('guestTokens')).toBeNull();
    expect(getSession()).toMatchObject({ status: 'signed-in', guest: null });
    expect(await ensureGuest()).toBeNull();
  });

  it('logout clears the guest', async () => {
    await setGuestTokens(CODE, tokenData('guest-access'));
    await endSession();
    expect(window.localStorage.getItem('guestTokens')).toBeNull();
    expect(await getTokens()).toBeNull();
    expect(goToLogin).toHaveBeenCalledOnce();
  });

  it('refreshes an expired guest access token with the guest’s refresh token and keeps the new ones as the guest’s', async () => {
    await setGuestTokens(CODE, {
      auth: { token: 'guest-old', expiry: earlier },
      refresh: { token: 'guest-refresh', expiry: later },
    });
    const seen = fakeApi({
      '/refreshToken': () => ok(tokenData('guest-new')),
      '/development/charger/preauth/c1': () => ok({ amount: 3000, currency: 'GBP' }),
    });

    await callApi('getChargerPreauth', undefined, { params: { chargerid: 'c1' } });

    expect(callsTo(seen, '/refreshToken')[0]?.headers.Authorization).toBe('Bearer guest-refresh');
    expect(callsTo(seen, '/development/charger/preauth/c1')[0]?.headers.Authorization).toBe(
      'Bearer guest-new',
    );
    expect(await getHeldTokens()).toMatchObject({ owner: 'guest', code: CODE });
  });

  it('a guest whose tokens have both expired is removed and sent to /login', async () => {
    await setGuestTokens(CODE, {
      auth: { token: 'guest-old', expiry: earlier },
      refresh: { token: 'guest-refresh', expiry: earlier },
    });
    fakeApi({
      '/development/charger/preauth/c1': () =>
        json(401, { message: 'no', code: 'UNAUTHENTICATED' }),
    });
    await callApi('getChargerPreauth', undefined, { params: { chargerid: 'c1' } }).catch(
      () => undefined,
    );
    expect(window.localStorage.getItem('guestTokens')).toBeNull();
    expect(goToLogin).toHaveBeenCalled();
  });
});
