import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePasswordManager } from '../../test/fake-credentials.ts';
import {
  clearCredentials,
  keptSignInName,
  loadCredentials,
  removePlaintextCredentials,
  saveCredentials,
  updateKeptPassword,
} from './stored-credentials.ts';

const driver = { username: 'driver@example.com', password: 'Driver-pass-2026' };
const plaintext = JSON.stringify(driver);

beforeEach(() => {
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('keep me logged in (spec 000 §3, §4; issue 19)', () => {
  it('a password change replaces the kept password, so the next sign-in does not fail', async () => {
    const manager = fakePasswordManager();
    await saveCredentials(driver);

    await updateKeptPassword(driver.username, 'Newer-pass-2027');

    expect(await loadCredentials()).toEqual({ ...driver, password: 'Newer-pass-2027' });
    expect(manager.container.store).toHaveBeenCalledTimes(2);
  });

  it('keeps nothing when "keep me logged in" was not chosen for that account', async () => {
    const manager = fakePasswordManager();
    await updateKeptPassword(driver.username, 'Newer-pass-2027');
    expect(manager.container.store).not.toHaveBeenCalled();
  });

  it('logout clears what was kept, and a plain-text copy an earlier version left', async () => {
    const manager = fakePasswordManager();
    await saveCredentials(driver);
    window.localStorage.setItem('storedCredentials', plaintext);

    await clearCredentials();

    expect(manager.container.preventSilentAccess).toHaveBeenCalledOnce();
    expect(await loadCredentials()).toBeNull();
    expect(await keptSignInName()).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  it('removes the plain text an earlier version left, without saving it anywhere', async () => {
    const manager = fakePasswordManager();
    window.localStorage.setItem('storedCredentials', plaintext);

    await removePlaintextCredentials();

    expect(window.localStorage.getItem('storedCredentials')).toBeNull();
    expect(manager.container.store).not.toHaveBeenCalled();
  });
});
