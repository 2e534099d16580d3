import { IonInput } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { MFA_CODE_LENGTH } from '@evc/domain';

export interface MfaCodeInputProps {
  value: string;
  onChange: (code: string) => void;
}

/** The 6-digit code field of the MFA steps (spec 001 §5): digits only, one-time-code autofill. */
export function MfaCodeInput({ value, onChange }: MfaCodeInputProps) {
  const { t } = useTranslation();
  return (
    <IonInput
      className="field code-input"
      name="code"
      inputmode="numeric"
      autocomplete="one-time-code"
      maxlength={MFA_CODE_LENGTH}
      label={t('auth.mfa.code')}
      labelPlacement="floating"
      fill="outline"
      value={value}
      onIonInput={(event) => onChange((event.detail.value ?? '').replace(/\D/g, ''))}
    />
  );
}
