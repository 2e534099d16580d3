import { IonButton } from '@ionic/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { getChargerByBarcodeRequest } from '@evc/contract';
import { useFlowPath } from '../../lib/guest-paths.ts';
import { FormField } from '../form-field/form-field.tsx';
import { wordedResolver } from '../form-field/worded-resolver.ts';
import './charger-entry.css';

/** The charger's code as the charger page asks for it; only the digits typed count. */
const chargerCode = z.object({
  barcode: z
    .string()
    .transform((typed) => typed.replace(/\D/g, ''))
    .pipe(getChargerByBarcodeRequest.shape.barcode),
});

/** spec 000 §2: home — enter a charger id (its 4-digit code) to open the charger. */
export function ChargerEntry() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { flowPath } = useFlowPath();
  const { control, handleSubmit } = useForm({
    defaultValues: { barcode: '' },
    resolver: wordedResolver(zodResolver(chargerCode), () => t('chargers.entry.invalid')),
    shouldFocusError: false,
  });

  const submit = handleSubmit(({ barcode }) => navigate(flowPath(`/charger-details/${barcode}`)));

  return (
    <form className="charger-entry" onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        control={control}
        name="barcode"
        inputmode="numeric"
        maxlength={4}
        label={t('chargers.entry.label')}
        helperText={t('chargers.entry.help')}
      />
      <IonButton className="primary-action" expand="block" type="submit">
        {t('chargers.entry.submit')}
      </IonButton>
    </form>
  );
}
