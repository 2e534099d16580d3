import { IonButton, IonIcon } from '@ionic/react';
import { arrowBackOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useBackNavigation } from '../../lib/back-navigation.ts';

/**
 * Issue 19, spec 000 §2: the way back from a page that is not a root page — an installed iOS web
 * app has no back of its own. It walks the visited addresses, and goes to the root when there are
 * none (a page opened directly).
 */
export function BackButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const back = useBackNavigation();
  return (
    <IonButton
      className={`back-button ${className ?? ''}`}
      fill="clear"
      aria-label={t('shell.back')}
      onClick={back}
    >
      <IonIcon slot="icon-only" icon={arrowBackOutline} aria-hidden="true" />
    </IonButton>
  );
}
