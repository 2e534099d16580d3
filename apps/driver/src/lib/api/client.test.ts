import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenData } from '@evc/contract';
import { APP_VERSION } from '@evc/domain';
import {
  callApi,
  HEADER_APP_VERSION,
  HEADER_BRAND_NAME,
  HEADER_CLIENT_DESCRIPTION,
} from './client.ts';
import { ApiError } from './api-error.ts';
import { clearTokens, getTokens, setTokens } from '../session/token-store.ts';
import { loadCredentials, saveCredentials } from '../session/stored-credentials.ts';
import { sessionExit } from '../session/end-session.ts';
import { currentBrand } from '../brand.ts';
import { testUser as user } from '../../test/fixtures.ts';
import { json, stubServer, type SeenRequest } from '../../test/stub-server.ts';
import { fakePasswordManager } from '../../test/fake-credentials.ts';

const later = new Date(Date.now() + 3_600_000).toISOString();
const earlier = new Date(Date.now() - 60_000).toISOString();

function tokens(
  access: string,
  refresh: string,
  accessExpiry = later,
  refreshExpiry = later,
): TokenData {
  return {
    auth: { token: access, expiry: accessExpiry },
    refresh: { token: refresh, expiry: refreshExpiry },
  };
}

const bearerOf = (request: SeenRequest): string | undefined => request.headers.Authorization;

let goToLogin: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  await clearTokens();
  goToLogin = vi.spyOn(sessionExit, 'goToLogin').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('callApi', () => {
  it('sends the version, brand and client headers to the brand API and returns the parsed data', async () => {
    await setTokens(tokens('access-1', 'refresh-1'));
    const seen = stubServer(() => json(200, { data: user }));

    const result = await callApi('userdata', {});

    expect(result.HRCode).toBe('HR-1');
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request?.url).toBe(`${window.location.origin}/api/userdata`);
    expect(request?.method).toBe('POST');
    expect(request?.headers[HEADER_APP_VERSION]).toBe(APP_VERSION);
    expect(request?.headers[HEADER_BRAND_NAME]).toBe(currentBrand().brand.name);
    expect(JSON.parse(request?.headers[HEADER_CLIENT_DESCRIPTION] ?? '{}')).toMatchObject({
      type: 'driver',
    });
    expect(request && bearerOf(request)).toBe('Bearer access-1');
  });

  it('leaves the bearer off the exempt paths (login, apiversioncheck)', async () => {
    await setTokens(tokens('access-1', 'refresh-1'));
    const seen = stubServer((request) =>
      request.url.endsWith('/apiversioncheck')
        ? json(200, { data: { majorversion: 2, minorversion: 0, patchversion: 0 } })
        : json(200, { data: {} }),
    );

    await callApi('apiVersionCheck', undefined);
    await callApi('login', {
      name: ' Driver@Example.com ',
      password: 'x',
      apiVersion: { majorversion: 2, minorversion: 7, patchversion: 9 },
      appVersion: APP_VERSION,
      uuid: 'device-1',
    });

    expect(seen.map(bearerOf)).toEqual([undefined, undefined]);
    expect(seen[1]?.body).toMatchObject({ name: 'driver@example.com' });
  });

  it('fills path parameters and query strings', async () => {
    await setTokens(tokens('access-1', 'refresh-1'));
    const seen = stubServer(() => json(200, { data: user }));

    await callApi(
      'updateUser',
      { fields: { first_name: 'Dee' } },
      { params: { userid: 'u1' }, query: { a: 1, b: undefined } },
    );

    expect(seen[0]?.url).toBe(`${window.location.origin}/api/development/user/update/u1?a=1`);
    expect(seen[0]?.method).toBe('PATCH');
  });

  it('refreshes once for many concurrent expired calls and replays each with the new token', async () => {
    await setTokens(tokens('old-access', 'refresh-1'));
    const seen = stubServer((request) => {
      if (request.url.endsWith('/refreshToken')) {
        return json(200, { data: tokens('new-access', 'refresh-2') });
      }
      return bearerOf(request) === 'Bearer new-access'
        ? json(200, { data: user })
        : json(401, { message: 'Token expired', code: 'TOKEN_EXPIRED' });
    });

    const results = await Promise.all([
      callApi('userdata', {}),
      callApi('userdata', {}),
      callApi('userdata', {}),
    ]);

    expect(results.map((result) => result._id)).toEqual(['u1', 'u1', 'u1']);
    const refreshes = seen.filter((request) => request.url.endsWith('/refreshToken'));
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0] && bearerOf(refreshes[0])).toBe('Bearer refresh-1');
    expect(refreshes[0]?.body).toHaveProperty('uuid');
    const replays = seen.filter((request) => bearerOf(request) === 'Bearer new-access');
    expect(replays).toHaveLength(3);
    expect((await getTokens())?.refresh.token).toBe('refresh-2');
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it('refreshes before sending when the stored access token has expired', async () => {
    await setTokens(tokens('old-access', 'refresh-1', earlier));
    const seen = stubServer((request) =>
      request.url.endsWith('/refreshToken')
        ? json(200, { data: tokens('new-access', 'refresh-2') })
        : json(200, { data: user }),
    );

    await callApi('userdata', {});

    expect(seen.map((request) => [request.url.split('/api')[1], bearerOf(request)])).toEqual([
      ['/refreshToken', 'Bearer refresh-1'],
      ['/userdata', 'Bearer new-access'],
    ]);
  });

  it('ends the session on a 401 with forcelogout: tokens and stored credentials cleared, /login loaded', async () => {
    fakePasswordManager();
    await setTokens(tokens('access-1', 'refresh-1'));
    await saveCredentials({ username: 'driver@example.com', password: 'secret' });
    expect(await loadCredentials()).not.toBeNull();
    stubServer(() =>
      json(401, { message: 'Session ended', code: 'SESSION_REVOKED', forcelogout: true }),
    );

    await expect(callApi('userdata', {})).rejects.toMatchObject({ status: 401, forcelogout: true });

    expect(goToLogin).toHaveBeenCalledTimes(1);
    expect(await getTokens()).toBeNull();
    expect(await loadCredentials()).toBeNull();
  });

  it('does nothing on status 0 (no connection) but report it', async () => {
    await setTokens(tokens('access-1', 'refresh-1'));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );

    const error: unknown = await callApi('userdata', {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0 });
    expect(goToLogin).not.toHaveBeenCalled();
    expect((await getTokens())?.auth.token).toBe('access-1');
  });

  it('keeps the session when the refresh finds no connection (status 0), and refreshes on the next call once back', async () => {
    await setTokens(tokens('old-access', 'refresh-1', earlier));
    const offline = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', offline);

    const error: unknown = await callApi('userdata', {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0 });
    // Only the refresh was tried: the call is not sent without its token.
    expect(offline).toHaveBeenCalledTimes(1);
    expect(goToLogin).not.toHaveBeenCalled();
    expect(await getTokens()).toMatchObject({
      auth: { token: 'old-access' },
      refresh: { token: 'refresh-1' },
    });

    const seen = stubServer((request) =>
      request.url.endsWith('/refreshToken')
        ? json(200, { data: tokens('new-access', 'refresh-2') })
        : json(200, { data: user }),
    );
    await callApi('userdata', {});
    expect(seen.map((request) => [request.url.split('/api')[1], bearerOf(request)])).toEqual([
      ['/refreshToken', 'Bearer refresh-1'],
      ['/userdata', 'Bearer new-access'],
    ]);
  });

  it('does not replay a refused token without one when the refresh finds no connection', async () => {
    await setTokens(tokens('old-access', 'refresh-1'));
    const seen = stubServer((request) =>
      request.url.endsWith('/refreshToken')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : json(401, { message: 'Token expired', code: 'TOKEN_EXPIRED' }),
    );

    await expect(callApi('userdata', {})).rejects.toMatchObject({ status: 0 });

    expect(seen.filter((request) => request.url.endsWith('/userdata'))).toHaveLength(1);
    expect(goToLogin).not.toHaveBeenCalled();
    expect((await getTokens())?.refresh.token).toBe('refresh-1');
  });

  it('replays without a token when the refresh fails, and a 401 on refresh logs out', async () => {
    await setTokens(tokens('old-access', 'refresh-1'));
    const seen = stubServer((request) => {
      if (request.url.endsWith('/refreshToken')) {
        return json(401, {
          message: 'Refresh token invalid',
          code: 'REFRESH_INVALID',
          forcelogout: true,
        });
      }
      return bearerOf(request)
        ? json(401, { message: 'Token expired', code: 'TOKEN_EXPIRED' })
        : json(401, { message: 'Not signed in', code: 'UNAUTHENTICATED' });
    });

    await expect(callApi('userdata', {})).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
    });

    const userdataCalls = seen.filter((request) => request.url.endsWith('/userdata'));
    expect(userdataCalls.map(bearerOf)).toEqual(['Bearer old-access', undefined]);
    expect(goToLogin).toHaveBeenCalled();
    expect(await getTokens()).toBeNull();
  });

  it('passes other errors on unchanged', async () => {
    await setTokens(tokens('access-1', 'refresh-1'));
    stubServer(() =>
      json(400, {
        message: 'Your current password is incorrect.',
        code: 'CURRENT_PASSWORD_INCORRECT',
      }),
    );

    await expect(
      callApi('updatePassword', { old_password: 'a', new_password: 'b' }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'CURRENT_PASSWORD_INCORRECT',
      message: 'Your current password is incorrect.',
    });
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it('keeps a refusal’s words apart from the field it names', async () => {
    stubServer(() =>
      json(400, {
        message: 'user.acceptedTerms: You must accept the terms and conditions.',
        code: 'VALIDATION',
        field: 'user.acceptedTerms',
      }),
    );
    await expect(
      callApi('requestRegistrationEmail', { email: 'dana@example.com' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
      field: 'user.acceptedTerms',
      message: 'You must accept the terms and conditions.',
    });
  });

  it('refuses a request the contract does not take, naming the field apart from the words', async () => {
    const seen = stubServer(() => json(200, { data: { sent: true } }));
    await expect(callApi('requestRegistrationEmail', { email: 'dana' })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION',
      field: 'email',
      message: 'Please Enter your email address.',
    });
    expect(seen).toHaveLength(0);
  });

  it('passes a 401 about the request (a wrong MFA code) on without refreshing or replaying', async () => {
    await setTokens(tokens('access-1', 'refresh-1'));
    const seen = stubServer(() =>
      json(401, { message: 'Your 6 digit code was not recognised', code: 'MFA_CODE_INVALID' }),
    );

    await expect(
      callApi('mfaSetupConfirm', { method: 'email', code: '123456' }),
    ).rejects.toMatchObject({
      status: 401,
      code: 'MFA_CODE_INVALID',
    });
    expect(seen).toHaveLength(1);
    expect((await getTokens())?.refresh.token).toBe('refresh-1');
    expect(goToLogin).not.toHaveBeenCalled();
  });
});
