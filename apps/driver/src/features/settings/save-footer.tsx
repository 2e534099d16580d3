import { IonButton, IonIcon } from '@ionic/react';
import { checkmarkCircle } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../ui/page-view/page-view.tsx';

/** The end of a settings form: a refusal not tied to a field, the saved notice, the save button. */
export function SaveFooter(props: {
  error: string | null;
  saved: boolean;
  savedText: string;
  saveText: string;
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormError message={props.error} />
      {props.saved && (
        <p className="form-note settings-saved" role="status">
          <IonIcon icon={checkmarkCircle} color="primary" aria-hidden="true" />
          <span>{props.savedText}</span>
        </p>
      )}
      <IonButton type="submit" expand="block" className="primary-action" disabled={props.pending}>
        {props.pending ? t('editUser.saving') : props.saveText}
      </IonButton>
    </>
  );
}
