import { useState, type FormEvent } from 'react';
import { IonButton, IonIcon, IonInput, IonInputPasswordToggle } from '@ionic/react';
import { timeOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { isPasswordWeak, isResetTokenInvalidMessage } from '@evc/domain';
import { ApiError } from '../../lib/api/api-error.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useAlert } from '../../lib/alerts.ts';
import { DebounceButton } from '../../ui/debounce-button/debounce-button.tsx';
import { PageView } from '../../ui/page-view/page-view.tsx';
import { PasswordPanel } from '../../ui/password-panel/password-panel.tsx';
import { assessPassword } from '../../ui/password-panel/password-strength.ts';
import { useSingleFlight } from './use-single-flight.ts';
import { resetPassword } from './api/reset-password.ts';
import './auth.css';

/**
 * spec 000 §5: resetting yields false when the server's message says the token is invalid; the
 * page then says the link may have expired.
 */
async function passwordReset(token: string, password: string): Promise<boolean> {
  try {
    await resetPassword({ token, password });
    return true;
  } catch (error) {
    if (error instanceof ApiError && isResetTokenInvalidMessage(error.message)) return false;
    throw error;
  }
}

type Problem = { field: 'password' | 'confirm' | null; text: string };

/** spec 000 §2: reset/{token} lets the user set a new password. */
export function ResetPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const alert = useAlert();
  const errorMessage = useErrorMessage();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [expired, setExpired] = useState(false);

  const save = useSingleFlight(async () => {
    const { strength } = await assessPassword(password);
    if (isPasswordWeak(password, strength)) {
      setProblem({ field: 'password', text: t('register.errors.weakPassword') });
      return;
    }
    if (password !== confirm) {
      setProblem({ field: 'confirm', text: t('register.errors.passwordMismatch') });
      return;
    }
    setProblem(null);
    try {
      if (!(await passwordReset(token, password))) {
        setExpired(true);
        return;
      }
      navigate('/login', { replace: true });
      void alert.showAlert({ header: t('reset.done.title'), message: t('reset.done.message') });
    } catch (failure) {
      const weak = failure instanceof ApiError && failure.code === 'WEAK_PASSWORD';
      setProblem({ field: weak ? 'password' : null, text: errorMessage(failure) });
    }
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.run();
  };

  const errorOf = (field: Problem['field']) =>
    problem && problem.field === field ? (
      <p className={field ? 'field-error' : 'form-error'} role="alert">
        {problem.text}
      </p>
    ) : null;

  if (expired) {
    return (
      <PageView title={t('reset.expired.title')} withBrand>
        <div className="centered">
          <IonIcon className="big-icon" icon={timeOutline} aria-hidden="true" />
          <p className="page-view__subtitle">{t('reset.expired.message')}</p>
        </div>
        <IonButton
          className="primary-action"
          expand="block"
          routerLink="/reset-password"
          routerDirection="root"
        >
          {t('reset.expired.again')}
        </IonButton>
        <div className="links">
          <Link to="/login">{t('reset.backToLogin')}</Link>
        </div>
      </PageView>
    );
  }

  return (
    <PageView title={t('reset.set.title')} subtitle={t('reset.set.subtitle')} withBrand>
      <form onSubmit={onSubmit} noValidate>
        <IonInput
          className={problem?.field === 'password' ? 'field ion-invalid ion-touched' : 'field'}
          name="password"
          type="password"
          autocomplete="new-password"
          label={t('reset.set.password')}
          labelPlacement="floating"
          fill="outline"
          value={password}
          onIonInput={(event) => setPassword(event.detail.value ?? '')}
        >
          <IonInputPasswordToggle slot="end" />
        </IonInput>
        <PasswordPanel password={password} />
        {errorOf('password')}
        <IonInput
          className={problem?.field === 'confirm' ? 'field ion-invalid ion-touched' : 'field'}
          name="confirmPassword"
          type="password"
          autocomplete="new-password"
          label={t('reset.set.confirm')}
          labelPlacement="floating"
          fill="outline"
          value={confirm}
          onIonInput={(event) => setConfirm(event.detail.value ?? '')}
        >
          <IonInputPasswordToggle slot="end" />
        </IonInput>
        {errorOf('confirm')}
        <p className="form-note">{t('register.passwordAdvice')}</p>
        {errorOf(null)}
        <DebounceButton
          className="primary-action"
          expand="block"
          type="submit"
          disabled={save.busy}
          onDebouncedClick={save.run}
        >
          {t('reset.set.submit')}
        </DebounceButton>
      </form>
      <div className="links">
        <Link to="/login">{t('reset.backToLogin')}</Link>
      </div>
    </PageView>
  );
}
