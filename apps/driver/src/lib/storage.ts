import { Capacitor } from '@capacitor/core';
import { Preferences } from '@capacitor/preferences';
import { isMasquerading } from './masquerade/masquerade-state.ts';

/** Key-value storage: Capacitor Preferences on a phone, localStorage in a browser. */
export interface KeyValueStorage {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

const webStorage: KeyValueStorage = {
  get: (key) => Promise.resolve(window.localStorage.getItem(key)),
  set: (key, value) => Promise.resolve(window.localStorage.setItem(key, value)),
  remove: (key) => Promise.resolve(window.localStorage.removeItem(key)),
};

const nativeStorage: KeyValueStorage = {
  get: async (key) => (await Preferences.get({ key })).value,
  set: (key, value) => Preferences.set({ key, value }),
  remove: (key) => Preferences.remove({ key }),
};

const deviceStorage: KeyValueStorage = Capacitor.isNativePlatform() ? nativeStorage : webStorage;

const held = new Map<string, string>();

/** What a masquerade session keeps (its tokens, uuid, recent chargers): this page's memory. */
const memoryStorage: KeyValueStorage = {
  get: (key) => Promise.resolve(held.get(key) ?? null),
  set: (key, value) => Promise.resolve(void held.set(key, value)),
  remove: (key) => Promise.resolve(void held.delete(key)),
};

/**
 * The device's storage, or in support masquerade (spec 000 §4, issue 18) memory only: a masquerade
 * session neither reads the device's uuid, tokens or settings nor leaves anything behind.
 */
export const storage: KeyValueStorage = {
  get: (key) => (isMasquerading() ? memoryStorage : deviceStorage).get(key),
  set: (key, value) => (isMasquerading() ? memoryStorage : deviceStorage).set(key, value),
  remove: (key) => (isMasquerading() ? memoryStorage : deviceStorage).remove(key),
};

/** Tests: forget what a masquerade session held. */
export function clearMemoryStorageForTests(): void {
  held.clear();
}
