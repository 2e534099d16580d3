import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { fakePasswordManager, noPasswordCredentials } from '../../test/fake-credentials.ts';
import { webCredentialStore } from './credential-store-web.ts';

const driver = { username: 'driver@example.com', password: 'Driver-pass-2026' };

/** Everything the app wrote to the browser's storage, as one text. */
const everythingStored = () =>
  Object.keys(window.localStorage)
    .map((key) => `${key}=${window.localStorage.getItem(key)}`)
    .join('\n');

beforeEach(() => {
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the web keeps passwords in the browser’s password manager (issue 19)', () => {
  it('hands the name and password to navigator.credentials and writes none of it itself', async () => {
    const manager = fakePasswordManager();

    await webCredentialStore.save(driver);

    expect(manager.container.store).toHaveBeenCalledOnce();
    expect(manager.saved.get(driver.username)).toMatchObject({
      type: 'password',
      id: driver.username,
      password: driver.password,
    });
    expect(everythingStored()).not.toContain(driver.password);
  });

  it('gets them back silently, never with an account chooser', async () => {
    const manager = fakePasswordManager();
    await webCredentialStore.save(driver);

    expect(await webCredentialStore.load()).toEqual(driver);
    expect(manager.container.get).toHaveBeenCalledWith({ password: true, mediation: 'silent' });
  });

  it('hands nothing over after logout, until the driver signs in again', async () => {
    const manager = fakePasswordManager();
    await webCredentialStore.save(driver);

    await webCredentialStore.clear();

    expect(manager.container.preventSilentAccess).toHaveBeenCalledOnce();
    expect(await webCredentialStore.load()).toBeNull();
  });

  it('a password change replaces the one the manager keeps', async () => {
    const manager = fakePasswordManager();
    await webCredentialStore.save(driver);
    await webCredentialStore.save({ ...driver, password: 'Newer-pass-2027' });
    expect(manager.saved.get(driver.username)?.password).toBe('Newer-pass-2027');
    expect(await webCredentialStore.load()).toEqual({ ...driver, password: 'Newer-pass-2027' });
  });

  it('never falls back to plain text in a browser without password credentials', async () => {
    noPasswordCredentials();

    await webCredentialStore.save(driver);

    expect(everythingStored()).not.toContain(driver.password);
    expect(await webCredentialStore.load()).toBeNull();
    await expect(webCredentialStore.clear()).resolves.toBeUndefined();
  });
});
