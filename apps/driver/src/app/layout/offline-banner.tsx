import { IonIcon } from '@ionic/react';
import { cloudOfflineOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../../lib/online-status.ts';
import { LastLoadedNote } from '../../ui/last-loaded/last-loaded-note.tsx';

/**
 * spec 000 §2, §4: an orange banner while the device is offline; issue 19: it says what the page
 * shows meanwhile, what was last loaded and when.
 */
export function OfflineBanner() {
  const online = useOnlineStatus();
  const { t } = useTranslation();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <IonIcon icon={cloudOfflineOutline} aria-hidden="true" />
      <div className="offline-banner__text">
        <span>{t('offline.message')}</span>
        <LastLoadedNote />
      </div>
    </div>
  );
}
