import { useState, type FormEvent } from 'react';
import { IonButton, IonInput } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { rfidUid } from '@evc/contract';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { useLinkRfid } from './use-link-rfid.ts';
import './rfid.css';

/** spec 000 §2 add-rfid-by-code: the driver types the number printed on the card. */
export function AddRfidByCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const link = useLinkRfid();
  const errorMessage = useErrorMessage();
  const [cardnumber, setCardnumber] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    if (!rfidUid.safeParse(cardnumber).success) {
      setError(t('rfid.byCode.invalid'));
      return;
    }
    if (!user || link.isPending) return;
    try {
      await link.mutateAsync({
        kind: 'cardnumber',
        body: { cardnumber, userid: user._id, ...(name.trim() ? { name } : {}) },
      });
      navigate('/manage-user-rfids', { replace: true });
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <PageView title={t('rfid.byCode.title')} subtitle={t('rfid.byCode.subtitle')}>
      <form onSubmit={onSubmit} noValidate>
        <IonInput
          className="field"
          name="cardnumber"
          label={t('rfid.byCode.cardnumber')}
          labelPlacement="floating"
          fill="outline"
          autocapitalize="characters"
          helperText={t('rfid.byCode.help')}
          value={cardnumber}
          onIonInput={(event) => setCardnumber(event.detail.value ?? '')}
        />
        <IonInput
          className="field"
          name="name"
          label={t('rfid.name.label')}
          labelPlacement="floating"
          fill="outline"
          maxlength={40}
          value={name}
          onIonInput={(event) => setName(event.detail.value ?? '')}
        />
        <FormError message={error} />
        <IonButton type="submit" expand="block" disabled={link.isPending}>
          {t('rfid.byCode.submit')}
        </IonButton>
      </form>
    </PageView>
  );
}
