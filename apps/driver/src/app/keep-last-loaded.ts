import type { Query, QueryClient } from '@tanstack/react-query';
import {
  isKeptOffline,
  KEPT_GC_TIME,
  KEPT_OFFLINE,
  restoreLastLoaded,
  saveLastLoaded,
} from '../lib/session/last-loaded-queries.ts';
import { getSession, subscribeSession } from '../lib/session/session-store.ts';
import { getHeldTokens } from '../lib/session/token-store.ts';

const SAVE_DELAY_MS = 1000;
/** A save waits for the page to be idle (never past this), so it never lands in a scroll or tap. */
const IDLE_WAIT_MS = 5000;

/**
 * Issue 19: keeps the signed-in user's chosen answers (lib/session/last-loaded-queries.ts) on the
 * device and puts them back when that user is signed in again, so that a start without
 * connection shows what was last loaded. Returns the function that stops it. Loaded apart from
 * the first screen's code (app/app.tsx): the sign-in page does not need it.
 */
export function keepLastLoaded(client: QueryClient): () => void {
  for (const name of KEPT_OFFLINE) client.setQueryDefaults([name], { gcTime: KEPT_GC_TIME });
  let restoredFor: string | null = null;
  let restoring: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;

  const signedInUserId = (): string | null => {
    const { status, user } = getSession();
    return status === 'signed-in' && user ? user._id : null;
  };

  const onSession = (): void => {
    const userId = signedInUserId();
    if (!userId || restoredFor === userId) return;
    restoredFor = userId;
    restoring = restoreLastLoaded(client, userId).catch(() => false);
  };

  const stopSession = subscribeSession(onSession);
  onSession();

  const stopWaiting = (): void => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
    idle = undefined;
  };

  const save = (): void => {
    stopWaiting();
    const userId = signedInUserId();
    // Saved only once what was kept has been put back, so it is never lost to a partial set, and
    // never once the session has ended (logout leaves the page after clearing the tokens).
    if (userId && restoredFor === userId) {
      void restoring
        .then(async () => {
          if ((await getHeldTokens())?.owner !== 'user') return;
          await saveLastLoaded(client, userId);
        })
        .catch(() => undefined);
    }
  };

  const stopCache = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!isKeptOffline((event.query as Query).queryKey)) return;
    stopWaiting();
    timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') {
        idle = requestIdleCallback(save, { timeout: IDLE_WAIT_MS });
      } else save();
    }, SAVE_DELAY_MS);
  });
  // What loaded just before the app is closed or put away is kept too.
  const saveWhenHidden = (): void => {
    if (document.visibilityState === 'hidden') save();
  };
  document.addEventListener('visibilitychange', saveWhenHidden);

  return () => {
    stopWaiting();
    document.removeEventListener('visibilitychange', saveWhenHidden);
    stopSession();
    stopCache();
  };
}
