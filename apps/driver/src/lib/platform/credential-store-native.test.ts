import { beforeEach, describe, expect, it, vi } from 'vitest';
import { nativeCredentialStore } from './credential-store-native.ts';

const keychain = new Map<string, string>();

vi.mock('@aparajita/capacitor-secure-storage', () => ({
  SecureStorage: {
    setItem: (key: string, value: string) => Promise.resolve(void keychain.set(key, value)),
    getItem: (key: string) => Promise.resolve(keychain.get(key) ?? null),
    removeItem: (key: string) => Promise.resolve(void keychain.delete(key)),
  },
}));

const driver = { username: 'driver@example.com', password: 'Driver-pass-2026' };

beforeEach(() => {
  keychain.clear();
  window.localStorage.clear();
});

describe('Android and iOS keep passwords in the system’s secure storage (issue 19)', () => {
  it('keeps, reads back and clears the name and password there, and nowhere else', async () => {
    await nativeCredentialStore.save(driver);
    expect(keychain.size).toBe(1);
    expect(window.localStorage.length).toBe(0);
    expect(await nativeCredentialStore.load()).toEqual(driver);

    await nativeCredentialStore.clear();
    expect(await nativeCredentialStore.load()).toBeNull();
  });

  it('reads something unreadable as nothing kept', async () => {
    keychain.set('storedCredentials', '{not json');
    expect(await nativeCredentialStore.load()).toBeNull();
  });
});
