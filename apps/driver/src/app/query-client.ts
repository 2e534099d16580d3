import { onlineManager, QueryClient, type Query } from '@tanstack/react-query';
import { ApiError } from '../lib/api/api-error.ts';
import {
  KEPT_GC_TIME,
  KEPT_OFFLINE,
  isKeptOffline,
  restoreLastLoaded,
  saveLastLoaded,
} from '../lib/session/last-loaded-queries.ts';
import { getSession, subscribeSession } from '../lib/session/session-store.ts';
import { getHeldTokens } from '../lib/session/token-store.ts';

/** Client errors (4xx) are answers, not hiccups: only retry when there was no answer or a 5xx. */
export function createQueryClient(): QueryClient {
  // TanStack Query takes the device as online until an offline event; a start without connection
  // must not fail every query before that (issue 19): they wait, showing what was last loaded.
  onlineManager.setOnline(navigator.onLine);
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      // Issue 19: an action tried offline fails at once with "No Internet Connection" rather
      // than waiting, spinning, for a connection.
      mutations: { networkMode: 'always' },
    },
  });
  for (const name of KEPT_OFFLINE) client.setQueryDefaults([name], { gcTime: KEPT_GC_TIME });
  return client;
}

const SAVE_DELAY_MS = 1000;

/**
 * Issue 19: keeps the signed-in user's chosen answers (lib/session/last-loaded-queries.ts) on the
 * device and puts them back when that user is signed in again, so that a start without
 * connection shows what was last loaded. Returns the function that stops it.
 */
export function keepLastLoaded(client: QueryClient): () => void {
  let restoredFor: string | null = null;
  let restoring: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const signedInUserId = (): string | null => {
    const { status, user } = getSession();
    return status === 'signed-in' && user ? user._id : null;
  };

  const onSession = (): void => {
    const userId = signedInUserId();
    if (!userId || restoredFor === userId) return;
    restoredFor = userId;
    restoring = restoreLastLoaded(client, userId);
  };

  const stopSession = subscribeSession(onSession);
  onSession();

  const save = (): void => {
    clearTimeout(timer);
    const userId = signedInUserId();
    // Saved only once what was kept has been put back, so it is never lost to a partial set, and
    // never once the session has ended (logout leaves the page after clearing the tokens).
    if (userId && restoredFor === userId) {
      void restoring.then(async () => {
        if ((await getHeldTokens())?.owner === 'user') await saveLastLoaded(client, userId);
      });
    }
  };

  const stopCache = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!isKeptOffline((event.query as Query).queryKey)) return;
    clearTimeout(timer);
    timer = setTimeout(save, SAVE_DELAY_MS);
  });
  // What loaded just before the app is closed or hidden is kept too.
  const saveWhenHidden = (): void => {
    if (document.visibilityState === 'hidden') save();
  };
  document.addEventListener('visibilitychange', saveWhenHidden);
  window.addEventListener('pagehide', save);

  return () => {
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', saveWhenHidden);
    window.removeEventListener('pagehide', save);
    stopSession();
    stopCache();
  };
}
