import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDates } from '../../lib/dates.ts';

/**
 * What the page on screen shows, as the query cache knows it: when the oldest of the answers its
 * queries use was loaded (-1: none), or whether one of them waits for a connection (0).
 */
function useLastLoaded(): number {
  const cache = useQueryClient().getQueryCache();
  return useSyncExternalStore(
    useCallback((listener: () => void) => cache.subscribe(listener), [cache]),
    useCallback(() => {
      let oldest = -1;
      for (const query of cache.getAll()) {
        if (query.getObserversCount() === 0) continue;
        const { state } = query;
        if (state.data === undefined) {
          if (state.fetchStatus === 'paused' && oldest < 0) oldest = 0;
        } else if (state.dataUpdatedAt > 0 && (oldest <= 0 || state.dataUpdatedAt < oldest)) {
          oldest = state.dataUpdatedAt;
        }
      }
      return oldest;
    }, [cache]),
  );
}

/**
 * Issue 19: offline, says that the page shows what was last loaded and when ("last updated"), or
 * that it has not been loaded on this device and loads once back online.
 */
export function LastLoadedNote() {
  const { t } = useTranslation();
  const dates = useDates();
  const updatedAt = useLastLoaded();
  if (updatedAt > 0) {
    return (
      <span className="last-loaded-note" data-updated-at={new Date(updatedAt).toISOString()}>
        {t('lastLoaded.showing', { time: dates.format(updatedAt, 'dateTime') })}
      </span>
    );
  }
  if (updatedAt === 0) return <span className="last-loaded-note">{t('lastLoaded.waiting')}</span>;
  return null;
}
