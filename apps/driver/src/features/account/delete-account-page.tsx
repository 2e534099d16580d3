import { IonButton, IonIcon } from '@ionic/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { warningOutline } from 'ionicons/icons';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DELETION_CONFIRMATION_WORD, isDeletionConfirmed } from '@evc/domain';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useAlert } from '../../lib/alerts.ts';
import { signOut } from '../../lib/session/session-store.ts';
import { FormField } from '../../ui/form-field/form-field.tsx';
import { placeRefusal } from '../../ui/form-field/place-refusal.ts';
import { wordedResolver } from '../../ui/form-field/worded-resolver.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { requestAccountDeletion } from './api/request-account-deletion.ts';
import './account.css';
import { useRefusalClearedOnEdit } from '../../ui/form-field/use-refusal-cleared-on-edit.ts';

/** The call carries nothing; the form only holds the word the driver types to confirm. */
const deletionForm = z.object({ confirmation: z.string().refine(isDeletionConfirmed) });

/** spec 000 §2, 001 §5: the account is deleted once the driver has typed the word delete. */
export function DeleteAccountPage() {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const errorMessage = useErrorMessage();
  const typeWord = t('deleteAccount.typeWord', { word: DELETION_CONFIRMATION_WORD });
  const { control, formState, handleSubmit, setError, watch, clearErrors } = useForm({
    defaultValues: { confirmation: '' },
    resolver: wordedResolver(zodResolver(deletionForm), () => typeWord),
    shouldFocusError: false,
  });
  useRefusalClearedOnEdit({ watch, clearErrors });

  const confirmed = isDeletionConfirmed(useWatch({ control, name: 'confirmation' }));

  const remove = handleSubmit(async () => {
    try {
      await requestAccountDeletion({});
      await showAlert({
        header: t('deleteAccount.doneTitle'),
        message: t('deleteAccount.doneMessage'),
      });
      await signOut();
    } catch (failure) {
      placeRefusal(
        failure,
        setError,
        () => null,
        () => errorMessage(failure),
      );
    }
  });

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
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!formState.isSubmitting) void remove();
        }}
        noValidate
      >
        <FormField
          control={control}
          name="confirmation"
          label={typeWord}
          autocapitalize="off"
          autocomplete="off"
        />
        <FormError message={formState.errors.root?.server?.message} />
        <IonButton
          className="primary-action"
          expand="block"
          color="danger"
          type="submit"
          disabled={!confirmed || formState.isSubmitting}
        >
          {t('deleteAccount.submit')}
        </IonButton>
      </form>
    </PageView>
  );
}
