import { Capacitor } from '@capacitor/core';
import { Preferences } from '@capacitor/preferences';

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

export const storage: KeyValueStorage = Capacitor.isNativePlatform() ? nativeStorage : webStorage;
