import { clearRecentChargers } from '../recent-chargers.ts';
import { forgetLastLoaded } from './forget-last-loaded.ts';
import { clearCredentials } from './stored-credentials.ts';
import { clearTokens } from './token-store.ts';

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
  await Promise.all([clearTokens(), clearCredentials(), clearRecentChargers(), forgetLastLoaded()]);
  sessionExit.goToLogin();
}
