import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '@evc/domain';
import { callApi } from '../api/client.ts';
import { clearMemoryStorageForTests } from '../storage.ts';
import { getSession, initSession } from '../session/session-store.ts';
import { getUuid } from '../session/device-id.ts';
import { clearTokens, getHeldTokens, getTokens, setTokens } from '../session/token-store.ts';
import { callsTo, failure, fakeApi, ok } from '../../test/stub-server.ts';
import { testUser } from '../../test/fixtures.ts';
import { tokenData } from '../../test/signed-in.ts';
import { handleMasqueradeMessage, masqueradeExit } from './masquerade-messages.ts';
import { getMasquerade, isMasquerading, resetMasqueradeForTests } from './masquerade-state.ts';

const FRAME = 'http://support-masquerade.voltway.localhost:8080';
const CONSOLE = 'http://voltway.localhost:8080';
const later = new Date(Date.now() + 30 * 60_000).toISOString();
const message = (data: unknown, origin = CONSOLE) =>
  handleMasqueradeMessage({ origin, data }, FRAME);
const userToken = { type: 'masquerade', token: 'masq-user', kind: 'user', expiry: later };

let reload: MockInstance<() => void>;

/** The driver's own session on this browser, as a login leaves it. */
async function driverSignedInOnThisDevice() {
  await setTokens(tokenData('own-access'));
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'cy');
  window.localStorage.setItem('uuid', 'device-uuid');
  return { ...window.localStorage };
}

beforeEach(async () => {
  resetMasqueradeForTests();
  window.localStorage.clear();
  clearMemoryStorageForTests();
  await clearTokens();
  reload = vi.spyOn(masqueradeExit, 'reload').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  reload.mockRestore();
  resetMasqueradeForTests();
});

describe('masquerade messages (spec 000 §4, issue 18)', () => {
  it.each([
    ['another brand host', 'http://localhost:8080'],
    ['another scheme', 'https://voltway.localhost:8080'],
    ['another port', 'http://voltway.localhost:8081'],
    ['the frame itself', FRAME],
    ['a look-alike host', 'http://voltway.localhost.evil.example:8080'],
  ])('ignores a message from %s', async (_label, origin) => {
    const seen = fakeApi({});
    expect(await message(userToken, origin)).toBe(false);
    expect(await message({ type: 'clearAll' }, origin)).toBe(false);
    expect(isMasquerading()).toBe(false);
    expect(seen).toHaveLength(0);
    expect(reload).not.toHaveBeenCalled();
    expect(await getTokens()).toBeNull();
  });

  it.each([
    ['no type', { token: 't', kind: 'user' }],
    ['an unknown type', { type: 'logoutEverything' }],
    ['no token', { type: 'masquerade', kind: 'user' }],
    ['an unknown kind', { type: 'masquerade', token: 't', kind: 'staff' }],
    ['text', 'masquerade'],
  ])('ignores a message from the console with %s', async (_label, data) => {
    const seen = fakeApi({});
    expect(await message(data)).toBe(false);
    expect(isMasquerading()).toBe(false);
    expect(seen).toHaveLength(0);
  });

  it('signs the driver in with the console’s token, held in memory only, over the driver’s own session', async () => {
    const before = await driverSignedInOnThisDevice();
    const seen = fakeApi({
      '/checkToken': () => ok({ valid: true, expiry: later, masquerade: true }),
      '/userdata': () => ok(testUser),
    });
    expect(await message(userToken)).toBe(true);

    expect(getMasquerade()).toMatchObject({ on: true, kind: 'user', ended: false, session: 1 });
    expect(getSession()).toMatchObject({ status: 'signed-in', user: { HRCode: 'HR-1' } });
    for (const call of [...callsTo(seen, '/checkToken'), ...callsTo(seen, '/userdata')]) {
      expect(call.headers.Authorization).toBe('Bearer masq-user');
    }
    expect(await getHeldTokens()).toMatchObject({
      owner: 'user',
      tokens: { auth: { token: 'masq-user' } },
    });
    // Nothing written: the driver's own session, language and uuid are as they were.
    expect({ ...window.localStorage }).toEqual(before);
    // …and not read either.
    expect(await getUuid()).not.toBe('device-uuid');
  });

  it('a guest’s token makes the app that guest, with the code the console sent', async () => {
    fakeApi({ '/checkToken': () => ok({ valid: true, expiry: later, masquerade: true }) });
    await message({ type: 'masquerade', token: 'masq-guest', kind: 'guest', code: 'G-ABCDEFGH12' });
    expect(getMasquerade()).toMatchObject({ on: true, kind: 'guest' });
    expect(getSession()).toMatchObject({ user: null, guest: { HRCode: 'G-ABCDEFGH12' } });
    expect(window.localStorage.length).toBe(0);
  });

  it('a token the server refuses: the session shows it has ended', async () => {
    fakeApi({ '/checkToken': () => failure(401, 'TOKEN_EXPIRED', 'Token expired') });
    await message(userToken);
    expect(getMasquerade()).toMatchObject({ on: true, ended: true });
  });

  it('the token is never refreshed: once it runs out the session has ended', async () => {
    fakeApi({
      '/checkToken': () => ok({ valid: true, expiry: later, masquerade: true }),
      '/userdata': () => ok(testUser),
    });
    await message(userToken);
    const seen = fakeApi({
      '/development/charger/preauth/c1': () => failure(401, 'TOKEN_EXPIRED', 'Token expired'),
    });
    await expect(
      callApi('getChargerPreauth', undefined, { params: { chargerid: 'c1' } }),
    ).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
    expect(callsTo(seen, '/refreshToken')).toHaveLength(0);
    expect(seen).toHaveLength(1);
    expect(getMasquerade().ended).toBe(true);
  });

  it('ends by itself when the token’s time is up', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const soon = new Date(Date.now() + 60_000).toISOString();
    fakeApi({
      '/checkToken': () => ok({ valid: true, expiry: soon, masquerade: true }),
      '/userdata': () => ok(testUser),
    });
    await message({ ...userToken, expiry: soon });
    expect(getMasquerade().ended).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(getMasquerade().ended).toBe(true);
  });

  it('a page starting in masquerade reads none of the driver’s stored tokens', async () => {
    await driverSignedInOnThisDevice();
    // A fresh page: the token store reads storage again, masquerade already on (the host).
    vi.resetModules();
    const state = await import('./masquerade-state.ts');
    state.turnMasqueradeOn();
    const store = await import('../session/token-store.ts');
    expect(await store.getHeldTokens()).toBeNull();
    state.resetMasqueradeForTests();
  });

  it.each([
    ['clearUser', 'user', true],
    ['clearUser', 'guest', false],
    ['clearGuest', 'guest', true],
    ['clearGuest', 'user', false],
    ['clearAll', 'user', true],
    ['clearAll', 'guest', true],
  ] as const)(
    '%s with a %s held: cleared %s, then the page reloads',
    async (type, kind, cleared) => {
      const before = await driverSignedInOnThisDevice();
      const seen = fakeApi({
        '/checkToken': () => ok({ valid: true, expiry: later, masquerade: true }),
        '/userdata': () => ok(testUser),
        '/development/logout': () => ok(true),
      });
      await message({
        type: 'masquerade',
        token: 'masq',
        kind,
        code: 'G-ABCDEFGH12',
        expiry: later,
      });
      expect(await message({ type })).toBe(true);
      expect(isMasquerading()).toBe(true);
      expect((await getTokens()) === null).toBe(cleared);
      expect(callsTo(seen, '/development/logout')).toHaveLength(cleared ? 1 : 0);
      expect(reload).toHaveBeenCalledOnce();
      // The driver's own session on this device is not the console's to end.
      expect({ ...window.localStorage }).toEqual(before);
    },
  );

  it('a clear message turns masquerade on', async () => {
    await initSession();
    fakeApi({});
    await message({ type: 'clearAll' });
    expect(isMasquerading()).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
  });
});
