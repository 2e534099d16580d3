import { IonIcon } from '@ionic/react';
import { cloudOfflineOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../../lib/online-status.ts';

/** spec 000 §2, §4: an orange banner while the device is offline. */
export function OfflineBanner() {
  const online = useOnlineStatus();
  const { t } = useTranslation();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <IonIcon icon={cloudOfflineOutline} aria-hidden="true" />
      <span>{t('offline.message')}</span>
    </div>
  );
}
