import { z } from 'zod';
import type { CredentialStore } from './credential-store-types.ts';

const KEY = 'storedCredentials';
const kept = z.object({ username: z.string(), password: z.string() });

/** The plug-in is loaded only in the store apps: the web never carries its code. */
const secureStorage = async () =>
  (await import('@aparajita/capacitor-secure-storage')).SecureStorage;

/** Android and iOS: the system's secure storage (Keystore, Keychain), never Preferences. */
export const nativeCredentialStore: CredentialStore = {
  async save(credentials) {
    await (await secureStorage()).setItem(KEY, JSON.stringify(credentials));
  },
  async load() {
    const raw = await (await secureStorage()).getItem(KEY);
    if (raw === null) return null;
    try {
      const parsed = kept.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  },
  async clear() {
    await (await secureStorage()).removeItem(KEY);
  },
};
