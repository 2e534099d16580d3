import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { TERMS_MODAL_HEIGHT } from '@evc/domain';
import { ModalContainer } from '../modal-container/modal-container.tsx';
import './terms-modal.css';

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
  const heading = title ?? t('shell.terms.title');
  return (
    <ModalContainer
      isOpen={isOpen}
      onClose={onClose}
      title={heading}
      align="left"
      padding="none"
      className="terms-modal"
      actions={
        <IonButton expand="block" onClick={onClose}>
          {t('common.close')}
        </IonButton>
      }
    >
      <iframe
        className="terms-modal__frame"
        src={`${src}?embedded=1`}
        title={heading}
        // 80% of the screen's height: the modal is sized by its content, so not a % of it.
        style={{ height: `${parseFloat(TERMS_MODAL_HEIGHT)}dvh` }}
      />
    </ModalContainer>
  );
}
