import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';

/** The queries the page on screen is using. */
const shownQueries = (queries: Query[]): Query[] =>
  queries.filter((query) => query.getObserversCount() > 0);

/**
 * Issue 19: what the page on screen shows, as far as the query cache knows — when the oldest of
 * its answers was loaded (null when it shows none), and whether it waits for an answer that only
 * a connection can bring.
 */
export function useLastLoaded(): { updatedAt: number | null; waiting: boolean } {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((listener: () => void) => cache.subscribe(listener), [cache]);
  const updatedAt = useSyncExternalStore(
    subscribe,
    useCallback(() => {
      const times = shownQueries(cache.getAll())
        .filter((query) => query.state.data !== undefined && query.state.dataUpdatedAt > 0)
        .map((query) => query.state.dataUpdatedAt);
      return times.length > 0 ? Math.min(...times) : null;
    }, [cache]),
  );
  const waiting = useSyncExternalStore(
    subscribe,
    useCallback(
      () =>
        shownQueries(cache.getAll()).some(
          (query) => query.state.data === undefined && query.state.fetchStatus === 'paused',
        ),
      [cache],
    ),
  );
  return { updatedAt, waiting };
}
