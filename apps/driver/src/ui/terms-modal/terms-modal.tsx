import {
  IonButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonIcon,
  IonModal,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { closeOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { TERMS_MODAL_HEIGHT } from '@evc/domain';

export interface TermsModalProps {
  isOpen: boolean;
  onClose: () => void;
  /** The page shown inside (without the app's bars); the terms by default. */
  src?: string;
  title?: string;
}

/** spec 000 §2: the terms page embedded at 80% height, with a close button. */
export function TermsModal({ isOpen, onClose, src = '/terms', title }: TermsModalProps) {
  const { t } = useTranslation();
  return (
    <IonModal isOpen={isOpen} onDidDismiss={onClose} className="terms-modal">
      <IonHeader>
        <IonToolbar>
          <IonTitle>{title ?? t('shell.terms.title')}</IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={onClose} aria-label={t('common.close')}>
              <IonIcon slot="icon-only" icon={closeOutline} />
            </IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        <iframe
          src={`${src}?embedded=1`}
          title={title ?? t('shell.terms.title')}
          style={{ width: '100%', height: TERMS_MODAL_HEIGHT, border: 0, display: 'block' }}
        />
        <div className="ion-padding">
          <IonButton expand="block" onClick={onClose}>
            {t('common.close')}
          </IonButton>
        </div>
      </IonContent>
    </IonModal>
  );
}
