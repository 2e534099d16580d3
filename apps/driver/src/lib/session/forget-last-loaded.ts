import { storage } from '../storage.ts';

/** Where the snapshot of what was last loaded is kept (lib/session/last-loaded-queries.ts). */
export const LAST_LOADED_KEY = 'lastLoadedData';

/** Logout: nothing the driver loaded stays on the device. */
export async function forgetLastLoaded(): Promise<void> {
  await storage.remove(LAST_LOADED_KEY);
}
