import { clearRecentChargers } from '../recent-chargers.ts';
import { forgetLastLoaded } from './forget-last-loaded.ts';
import { clearCredentials } from './stored-credentials.ts';
import { clearTokens } from './token-store.ts';

/** How long a logout waits for the device to forget what it kept before it leaves anyway. */
const FORGET_WAIT_MS = 2000;

/** What leaving the app's session means on this page: a full load of /login. */
export const sessionExit = {
  goToLogin(): void {
    window.location.assign('/login');
  },
};

/**
 * spec 000 §4, §8: logout clears tokens and stored credentials, goes to /login and reloads.
 * Loading /login afresh does both the navigation and the reload. The recent charge points go
 * too, and what was kept to show offline (issue 19): whoever signs in next on this device should
 * not see where the last driver charged.
 */
export async function endSession(): Promise<void> {
  // The tokens go last, just before the reload: once they are gone the app routes to /login, and
  // forgetting the list kept in IndexedDB can take a moment. A store that never answers is waited
  // for at most FORGET_WAIT_MS: a list left behind is another user's, deleted unread at restore.
  await Promise.race([
    Promise.all([clearCredentials(), clearRecentChargers(), forgetLastLoaded()]),
    new Promise((resolve) => setTimeout(resolve, FORGET_WAIT_MS)),
  ]);
  await clearTokens();
  sessionExit.goToLogin();
}
