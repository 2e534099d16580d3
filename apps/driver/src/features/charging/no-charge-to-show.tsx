import { IonButton, IonIcon } from '@ionic/react';
import { mapOutline, timeOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useFlowPath } from '../../lib/guest-paths.ts';
import { useSession } from '../../lib/session/session-store.ts';

/**
 * A completed page with no charge to show (a bookmark, an address that lost its transactionId,
 * someone else's charge): where the driver's charges are, and the way to the next one. A guest
 * has no charge history page.
 */
export function NoChargeToShow() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { flowPath } = useFlowPath();
  return (
    <>
      <p className="form-note" role="status" data-field="no-charge">
        {t('charging.completed.noCharge')}
      </p>
      {user && (
        <IonButton className="primary-action" expand="block" routerLink="/chargehistory">
          <IonIcon slot="start" icon={timeOutline} aria-hidden="true" />
          {t('charging.completed.chargeHistory')}
        </IonButton>
      )}
      <IonButton
        className={user ? undefined : 'primary-action'}
        expand="block"
        fill={user ? 'outline' : 'solid'}
        routerLink={flowPath('/findcharger')}
      >
        <IonIcon slot="start" icon={mapOutline} aria-hidden="true" />
        {t('charging.completed.findCharger')}
      </IonButton>
    </>
  );
}
