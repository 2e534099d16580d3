import { IonButton } from '@ionic/react';
import { lockClosedOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { ModalContainer } from '../../ui/modal-container/modal-container.tsx';

/**
 * spec 000 §8 'Card confirmation needed': the sandbox's stand-in for the bank's 3-D Secure page,
 * where the driver approves the payment or fails the check, as on Stripe's test page.
 */
export function ThreeDSecureChallenge({
  open,
  amount,
  busy,
  onAnswer,
}: {
  open: boolean;
  amount: string;
  busy: boolean;
  onAnswer: (outcome: 'approve' | 'fail') => void;
}) {
  const { t } = useTranslation();
  return (
    <ModalContainer
      isOpen={open}
      role="alertdialog"
      className="topup-challenge"
      icon={lockClosedOutline}
      title={t('topup.confirmationNeeded')}
      actions={
        <>
          <IonButton fill="outline" color="danger" disabled={busy} onClick={() => onAnswer('fail')}>
            {t('topup.challengeFail')}
          </IonButton>
          <IonButton disabled={busy} onClick={() => onAnswer('approve')}>
            {t('topup.challengeApprove')}
          </IonButton>
        </>
      }
    >
      <p>{t('topup.challengeText', { amount })}</p>
      <p className="form-note">{t('topup.challengeSandbox')}</p>
    </ModalContainer>
  );
}
