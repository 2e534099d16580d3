import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { testUser } from '../test/fixtures.ts';
import { tokenData } from '../test/signed-in.ts';
import {
  apiPath,
  callsTo,
  failure,
  fakeApi,
  ok,
  stubServer,
  type SeenRequest,
} from '../test/stub-server.ts';
import { sessionExit } from '../lib/session/end-session.ts';
import { getSession } from '../lib/session/session-store.ts';
import { clearTokens, getTokens, setGuestTokens, setTokens } from '../lib/session/token-store.ts';
import { startUp } from './start-up.ts';

const later = new Date(Date.now() + 3_600_000).toISOString();
const version = { majorversion: 2, minorversion: 0, patchversion: 0 };
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

/** The order of the calls start-up made, by path. */
const paths = (seen: SeenRequest[]) => seen.map(apiPath);

describe('start-up (spec 000 §4, §7, §8)', () => {
  it('checks the stored token with POST /checkToken {} before loading the user', async () => {
    await setTokens(tokenData('alive'));
    const seen = fakeApi({
      '/apiversioncheck': () => ok(version),
      '/checkToken': () => ok({ valid: true, expiry: later }),
      '/userdata': () => ok(testUser),
    });

    expect(await startUp()).toBe('accepted');

    expect(paths(seen)).toEqual(['/apiversioncheck', '/checkToken', '/userdata']);
    const [check] = callsTo(seen, '/checkToken');
    expect(check?.method).toBe('POST');
    expect(check?.body).toEqual({});
    expect(check?.headers.Authorization).toBe('Bearer alive');
    expect(getSession()).toMatchObject({ status: 'signed-in', user: { _id: testUser._id } });
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it('logs out and goes to /login when the server says the session is over (401 forcelogout)', async () => {
    await setTokens(tokenData('revoked'));
    const seen = fakeApi({
      '/apiversioncheck': () => ok(version),
      '/checkToken': () =>
        new Response(
          JSON.stringify({ code: 'SESSION_REVOKED', message: 'Signed out', forcelogout: true }),
          { status: 401, headers: { 'Content-Type': 'application/json' } },
        ),
      '/userdata': () => ok(testUser),
    });

    await startUp();

    expect(goToLogin).toHaveBeenCalledOnce();
    expect(await getTokens()).toBeNull();
    expect(callsTo(seen, '/userdata')).toHaveLength(0);
    expect(getSession()).toMatchObject({ status: 'signed-out', user: null });
  });

  it('logs out when the token is still refused once the client has tried to refresh it', async () => {
    await setTokens(tokenData('dead'));
    const seen = fakeApi({
      '/apiversioncheck': () => ok(version),
      '/checkToken': () => failure(401, 'TOKEN_EXPIRED', 'Your session has expired'),
      '/refreshToken': () => failure(503, 'UNAVAILABLE', 'down'),
      '/userdata': () => ok(testUser),
    });

    await startUp();

    expect(goToLogin).toHaveBeenCalled();
    expect(await getTokens()).toBeNull();
    expect(callsTo(seen, '/userdata')).toHaveLength(0);
  });

  it('keeps the session when there is no connection (status 0)', async () => {
    await setTokens(tokenData('kept'));
    stubServer(() => Promise.reject(new TypeError('Failed to fetch')));

    expect(await startUp()).toBe('accepted');

    expect(goToLogin).not.toHaveBeenCalled();
    expect((await getTokens())?.auth.token).toBe('kept');
  });

  it('opens signed in as the user last loaded when there is no connection, and loads the user again once online (issue 19)', async () => {
    await setTokens(tokenData('kept'));
    fakeApi({
      '/apiversioncheck': () => ok(version),
      '/checkToken': () => ok({ valid: true, expiry: later }),
      '/userdata': () => ok(testUser),
    });
    await startUp();
    stubServer(() => Promise.reject(new TypeError('Failed to fetch')));

    await startUp();

    expect(getSession()).toMatchObject({ status: 'signed-in', user: { _id: testUser._id } });
    expect(goToLogin).not.toHaveBeenCalled();

    const seen = fakeApi({ '/userdata': () => ok({ ...testUser, first_name: 'Back' }) });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(getSession().user?.first_name).toBe('Back'));
    expect(callsTo(seen, '/userdata')).toHaveLength(1);
  });

  it('keeps the session on any other failure of the check and loads the user', async () => {
    await setTokens(tokenData('kept'));
    fakeApi({
      '/apiversioncheck': () => ok(version),
      '/checkToken': () => failure(500, 'INTERNAL', 'Something went wrong'),
      '/userdata': () => ok(testUser),
    });

    await startUp();

    expect(goToLogin).not.toHaveBeenCalled();
    expect(getSession().status).toBe('signed-in');
  });

  it('asks nothing about tokens when none are stored, nor for a guest', async () => {
    await setGuestTokens('G-ABCDEFGH12', tokenData('guest'));
    const seen = fakeApi({ '/apiversioncheck': () => ok(version) });

    await startUp();

    expect(paths(seen)).toEqual(['/apiversioncheck']);
    expect(getSession().guest).toEqual({ HRCode: 'G-ABCDEFGH12' });
  });

  it('neither checks the token nor loads the user when the app is out of date', async () => {
    await setTokens(tokenData('alive'));
    const seen = fakeApi({ '/apiversioncheck': () => ok({ ...version, majorversion: 3 }) });

    expect(await startUp()).toBe('rejected');
    expect(paths(seen)).toEqual(['/apiversioncheck']);
  });
});
