import { useState, type FormEvent } from 'react';
import { IonButton, IonInput } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { isChargerBarcode } from '@evc/domain';
import { useNavigate } from 'react-router-dom';
import './charger-entry.css';

/** spec 000 §2: home — enter a charger id (its 4-digit code) to open the charger. */
export function ChargerEntry() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const barcode = code.trim();
    if (!isChargerBarcode(barcode)) {
      setError(true);
      return;
    }
    setError(false);
    navigate(`/charger-details/${barcode}`);
  };

  return (
    <form className="charger-entry" onSubmit={onSubmit} noValidate>
      <IonInput
        className="field"
        name="barcode"
        inputmode="numeric"
        maxlength={4}
        label={t('chargers.entry.label')}
        labelPlacement="floating"
        fill="outline"
        helperText={t('chargers.entry.help')}
        value={code}
        onIonInput={(event) => setCode((event.detail.value ?? '').replace(/\D/g, ''))}
      />
      {error && (
        <p className="field-error" role="alert">
          {t('chargers.entry.invalid')}
        </p>
      )}
      <IonButton className="primary-action" expand="block" type="submit">
        {t('chargers.entry.submit')}
      </IonButton>
    </form>
  );
}
