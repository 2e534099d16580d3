import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { fakePasswordManager } from '../../test/fake-credentials.ts';
import { loadRecentChargers, rememberCharger } from '../recent-chargers.ts';
import { endSession, sessionExit } from './end-session.ts';
import { loadCredentials, saveCredentials } from './stored-credentials.ts';
import { getTokens, setTokens } from './token-store.ts';

let goToLogin: MockInstance<() => void>;

beforeEach(() => {
  window.localStorage.clear();
  goToLogin = vi.spyOn(sessionExit, 'goToLogin').mockImplementation(() => undefined);
});
afterEach(() => {
  goToLogin.mockRestore();
  vi.unstubAllGlobals();
});

describe('endSession (logout, spec 000 §4)', () => {
  it('clears the tokens, the stored credentials and the recent charge points, then goes to /login', async () => {
    const passwords = fakePasswordManager();
    const expiry = new Date(Date.now() + 60_000).toISOString();
    await setTokens({ auth: { token: 'a', expiry }, refresh: { token: 'r', expiry } });
    await saveCredentials({ username: 'driver@example.com', password: 'Driver-pass-2026' });
    await rememberCharger({ barcode: '1001', name: 'Leeds Dock' });
    await rememberCharger({ barcode: '1002', name: 'York Station Long Stay' });
    expect(await loadRecentChargers()).toHaveLength(2);

    await endSession();

    expect(await getTokens()).toBeNull();
    expect(await loadCredentials()).toBeNull();
    expect(passwords.container.preventSilentAccess).toHaveBeenCalledOnce();
    expect(await loadRecentChargers()).toEqual([]);
    expect(window.localStorage.length).toBe(0);
    expect(goToLogin).toHaveBeenCalledOnce();
  });
});
