import { IonButton, IonModal } from '@ionic/react';
import { useTranslation } from 'react-i18next';

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
    <IonModal
      className="topup-challenge"
      isOpen={open}
      backdropDismiss={false}
      aria-labelledby="topup-challenge-title"
    >
      <div className="topup-challenge__body">
        <h2 id="topup-challenge-title">{t('topup.confirmationNeeded')}</h2>
        <p>{t('topup.challengeText', { amount })}</p>
        <p className="form-note">{t('topup.challengeSandbox')}</p>
        <div className="topup-challenge__actions">
          <IonButton fill="outline" color="danger" disabled={busy} onClick={() => onAnswer('fail')}>
            {t('topup.challengeFail')}
          </IonButton>
          <IonButton disabled={busy} onClick={() => onAnswer('approve')}>
            {t('topup.challengeApprove')}
          </IonButton>
        </div>
      </div>
    </IonModal>
  );
}
