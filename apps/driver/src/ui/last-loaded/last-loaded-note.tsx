import { useTranslation } from 'react-i18next';
import { useDates } from '../../lib/dates.ts';
import { useLastLoaded } from './use-last-loaded.ts';

/**
 * Issue 19: offline, says that the page shows what was last loaded and when ("last updated"), or
 * that it has not been loaded on this device and loads once back online.
 */
export function LastLoadedNote() {
  const { t } = useTranslation();
  const dates = useDates();
  const { updatedAt, waiting } = useLastLoaded();
  if (updatedAt !== null) {
    return (
      <span className="last-loaded-note" data-updated-at={new Date(updatedAt).toISOString()}>
        {t('lastLoaded.showing', { time: dates.format(updatedAt, 'dateTime') })}
      </span>
    );
  }
  if (waiting) return <span className="last-loaded-note">{t('lastLoaded.waiting')}</span>;
  return null;
}
