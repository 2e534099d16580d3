import { storage } from '../storage.ts';
import { forgetLastLoadedList } from './last-loaded-list-store.ts';

/** Where the snapshot of what was last loaded is kept (lib/session/last-loaded-queries.ts). */
export const LAST_LOADED_KEY = 'lastLoadedData';

/** Whose answers, and which, were last written under LAST_LOADED_KEY: a save with nothing new is skipped. */
export const lastStored: { userId: string | null; entries: readonly string[] } = {
  userId: null,
  entries: [],
};

/** Logout: nothing the driver loaded stays on the device. */
export async function forgetLastLoaded(): Promise<void> {
  lastStored.userId = null;
  lastStored.entries = [];
  await Promise.all([storage.remove(LAST_LOADED_KEY), forgetLastLoadedList()]);
}
