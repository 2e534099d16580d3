import { useState, type FormEvent } from 'react';
import { IonButton, IonIcon, IonInput } from '@ionic/react';
import { warningOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { DELETION_CONFIRMATION_WORD, isDeletionConfirmed } from '@evc/domain';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useAlert } from '../../lib/alerts.ts';
import { signOut } from '../../lib/session/session-store.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { requestAccountDeletion } from './api/request-account-deletion.ts';
import './account.css';

/** spec 000 §2, 001 §5: the account is deleted once the driver has typed the word delete. */
export function DeleteAccountPage() {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const errorMessage = useErrorMessage();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirmed = isDeletionConfirmed(typed);

  const submit = async () => {
    if (!confirmed || busy) return;
    setBusy(true);
    setError(null);
    try {
      await requestAccountDeletion({});
      await showAlert({
        header: t('deleteAccount.doneTitle'),
        message: t('deleteAccount.doneMessage'),
      });
      await signOut();
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <PageView title={t('deleteAccount.title')}>
      <div className="danger-box">
        <IonIcon icon={warningOutline} aria-hidden="true" />
        <div>
          <p>{t('deleteAccount.consequences')}</p>
          <ul>
            <li>{t('deleteAccount.points.personal')}</li>
            <li>{t('deleteAccount.points.signIn')}</li>
            <li>{t('deleteAccount.points.records')}</li>
            <li>{t('deleteAccount.points.undo')}</li>
          </ul>
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate>
        <IonInput
          className="field"
          name="confirmation"
          autocapitalize="off"
          autocomplete="off"
          label={t('deleteAccount.typeWord', { word: DELETION_CONFIRMATION_WORD })}
          labelPlacement="floating"
          fill="outline"
          value={typed}
          onIonInput={(event) => setTyped(event.detail.value ?? '')}
        />
        <FormError message={error} />
        <IonButton
          className="primary-action"
          expand="block"
          color="danger"
          type="submit"
          disabled={!confirmed || busy}
        >
          {t('deleteAccount.submit')}
        </IonButton>
      </form>
    </PageView>
  );
}
