import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDates } from '../../lib/dates.ts';
import { isPageContent } from '../../lib/last-loaded/page-content.ts';

/**
 * What the page on screen shows, as the query cache knows it: when the oldest of the answers its
 * queries use was loaded (-1: none), or whether one of them waits for a connection (0). Where the
 * page is about one answer (isPageContent: a session's figures, pushed after the page opened), that
 * answer dates it, not the top bar's balance or the permissions read once as the page opened.
 */
function oldestLoaded(queries: readonly Query[]): number {
  const shown = queries.filter((query) => query.getObserversCount() > 0);
  const content = shown.filter(isPageContent);
  let oldest = -1;
  for (const { state } of content.length > 0 ? content : shown) {
    if (state.data === undefined) {
      if (state.fetchStatus === 'paused' && oldest < 0) oldest = 0;
    } else if (state.dataUpdatedAt > 0 && (oldest <= 0 || state.dataUpdatedAt < oldest)) {
      oldest = state.dataUpdatedAt;
    }
  }
  return oldest;
}

function useLastLoaded(): number {
  const cache = useQueryClient().getQueryCache();
  return useSyncExternalStore(
    useCallback((listener: () => void) => cache.subscribe(listener), [cache]),
    useCallback(() => oldestLoaded(cache.getAll()), [cache]),
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
