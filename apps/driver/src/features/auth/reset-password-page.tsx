import { useState, type FormEvent } from 'react';
import { IonButton, IonIcon, IonInput } from '@ionic/react';
import { mailOpenOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { emailRequest } from '@evc/contract';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { DebounceButton } from '../../ui/debounce-button/debounce-button.tsx';
import { PageView } from '../../ui/page-view/page-view.tsx';
import { useSingleFlight } from './use-single-flight.ts';
import { forgotPassword } from './api/forgot-password.ts';
import './auth.css';

/** spec 000 §2: forgotten password — a reset link is e-mailed to the address given. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<{ onField: boolean; text: string } | null>(null);

  const request = useSingleFlight(async () => {
    const parsed = emailRequest.safeParse({ email });
    if (!parsed.success) {
      setError({ onField: true, text: t('register.errors.email') });
      return;
    }
    setError(null);
    try {
      await forgotPassword(parsed.data);
      setSentTo(parsed.data.email);
    } catch (failure) {
      setError({ onField: false, text: errorMessage(failure) });
    }
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    request.run();
  };

  if (sentTo) {
    return (
      <PageView title={t('reset.request.sentTitle')} withBrand>
        <div className="centered">
          <IonIcon className="big-icon" icon={mailOpenOutline} aria-hidden="true" />
          <p role="status">{t('reset.request.sent', { email: sentTo })}</p>
          <p className="form-note">{t('reset.request.spam')}</p>
        </div>
        <IonButton
          className="primary-action"
          expand="block"
          routerLink="/login"
          routerDirection="root"
        >
          {t('reset.backToLogin')}
        </IonButton>
        <IonButton fill="clear" expand="block" onClick={() => setSentTo(null)}>
          {t('reset.request.again')}
        </IonButton>
      </PageView>
    );
  }

  return (
    <PageView title={t('reset.request.title')} subtitle={t('reset.request.subtitle')} withBrand>
      <form onSubmit={onSubmit} noValidate>
        <IonInput
          className={error?.onField ? 'field ion-invalid ion-touched' : 'field'}
          name="email"
          type="email"
          inputmode="email"
          autocomplete="email"
          label={t('auth.fields.email')}
          labelPlacement="floating"
          fill="outline"
          value={email}
          onIonInput={(event) => setEmail(event.detail.value ?? '')}
        />
        {error && (
          <p className={error.onField ? 'field-error' : 'form-error'} role="alert">
            {error.text}
          </p>
        )}
        <DebounceButton
          className="primary-action"
          expand="block"
          type="submit"
          disabled={request.busy}
          onDebouncedClick={request.run}
        >
          {t('reset.request.submit')}
        </DebounceButton>
      </form>
      <div className="links">
        <Link to="/login">{t('reset.backToLogin')}</Link>
        <Link to="/register">{t('auth.login.register')}</Link>
      </div>
    </PageView>
  );
}
