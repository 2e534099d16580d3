import { useTranslation } from 'react-i18next';
import { useLoadingStatus } from '../../lib/loading.ts';
import './loading-overlay.css';

/** spec 001 §2: a rotating green circle (one turn every 2 s), shown only while loading. */
export function LoadingOverlay({ visible }: { visible?: boolean }) {
  const loading = useLoadingStatus();
  const { t } = useTranslation();
  if (!(visible ?? loading)) return null;
  return (
    <div
      className="loading-overlay"
      role="progressbar"
      aria-busy="true"
      aria-label={t('common.loading')}
    >
      <div className="loading-overlay__circle" />
    </div>
  );
}
