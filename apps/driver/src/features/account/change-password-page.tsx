import { useMemo, useState, type FormEvent } from 'react';
import { IonButton, IonInput, IonInputPasswordToggle } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  validatePasswordChange,
  type PasswordChangeMessageKey,
  type PasswordStrength,
} from '@evc/domain';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useAlert } from '../../lib/alerts.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { PasswordPanel } from '../../ui/password-panel/password-panel.tsx';
import { updatePassword } from './api/update-password.ts';

type Field = 'current' | 'next' | 'confirm';

/** spec 001 §5: empty, mismatched and weak passwords are refused; a wrong current one too. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const errorMessage = useErrorMessage();
  const { user } = useSession();
  const [values, setValues] = useState<Record<Field, string>>({
    current: '',
    next: '',
    confirm: '',
  });
  const [strength, setStrength] = useState<PasswordStrength>(0);
  const [messages, setMessages] = useState<PasswordChangeMessageKey[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const userInputs = useMemo(
    () => (user ? [user.first_name, user.last_name, user.email] : []),
    [user],
  );

  const submit = async () => {
    const failed = validatePasswordChange({ ...values, strength });
    setMessages(failed);
    setError(null);
    if (failed.length > 0 || busy) return;
    setBusy(true);
    try {
      await updatePassword({ old_password: values.current, new_password: values.next });
      setValues({ current: '', next: '', confirm: '' });
      await showAlert({
        header: t('changePassword.doneTitle'),
        message: t('changePassword.doneMessage'),
      });
      navigate('/home', { replace: true });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const field = (name: Field, autocomplete: string) => (
    <IonInput
      className="field"
      name={name}
      type="password"
      autocomplete={autocomplete as 'current-password'}
      label={t(`changePassword.fields.${name}`)}
      labelPlacement="floating"
      fill="outline"
      value={values[name]}
      onIonInput={(event) =>
        setValues((current) => ({ ...current, [name]: event.detail.value ?? '' }))
      }
    >
      <IonInputPasswordToggle slot="end" />
    </IonInput>
  );

  return (
    <PageView title={t('changePassword.title')} subtitle={t('changePassword.subtitle')}>
      <form onSubmit={onSubmit} noValidate>
        {field('current', 'current-password')}
        {field('next', 'new-password')}
        <PasswordPanel
          password={values.next}
          userInputs={userInputs}
          onStrengthChange={setStrength}
        />
        {field('confirm', 'new-password')}
        <p className="form-note">{t('register.passwordAdvice')}</p>
        {messages.map((key) => (
          <p key={key} className="form-error" role="alert">
            {t(key)}
          </p>
        ))}
        <FormError message={error} />
        <IonButton className="primary-action" expand="block" type="submit" disabled={busy}>
          {t('changePassword.submit')}
        </IonButton>
      </form>
    </PageView>
  );
}
