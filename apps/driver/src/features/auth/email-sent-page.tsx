import { useEffect, useState } from 'react';
import { IonButton, IonIcon, IonInput } from '@ionic/react';
import { mailUnreadOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { emailRequest } from '@evc/contract';
import { REGISTRATION_EMAIL_RESEND_SECONDS } from '@evc/domain';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { PageView } from '../../ui/page-view/page-view.tsx';
import { requestRegistrationEmail } from './api/request-registration-email.ts';
import { useSingleFlight } from './use-single-flight.ts';
import './auth.css';

/**
 * spec 000 §2, §4: check your inbox; a new e-mail can be asked for once the countdown ends.
 * `?pending=1` comes from a sign-in refused as not confirmed: nothing was just sent, so no wait.
 */
export function EmailSentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const pending = params.get('pending') === '1';
  const [email, setEmail] = useState(params.get('email') ?? '');
  const knownAddress = params.get('email') !== null;
  const errorMessage = useErrorMessage();
  const [secondsLeft, setSecondsLeft] = useState(pending ? 0 : REGISTRATION_EMAIL_RESEND_SECONDS);
  const [notice, setNotice] = useState<{ kind: 'note' | 'error'; text: string } | null>(null);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const resend = useSingleFlight(async () => {
    const parsed = emailRequest.safeParse({ email });
    if (!parsed.success) {
      setNotice({ kind: 'error', text: t('register.errors.email') });
      return;
    }
    setNotice(null);
    try {
      await requestRegistrationEmail(parsed.data);
      setNotice({
        kind: 'note',
        text: t('register.emailSent.resent', { email: parsed.data.email }),
      });
      setSecondsLeft(REGISTRATION_EMAIL_RESEND_SECONDS);
    } catch (failure) {
      setNotice({ kind: 'error', text: errorMessage(failure) });
    }
  });

  const waiting = secondsLeft > 0;
  let message = t('register.emailSent.messageNoAddress');
  if (knownAddress) {
    message = pending
      ? t('register.emailSent.pendingMessage', { email })
      : t('register.emailSent.message', { email });
  }

  return (
    <PageView title={t('register.emailSent.title')}>
      <div className="centered">
        <IonIcon className="big-icon" icon={mailUnreadOutline} aria-hidden="true" />
        <p className="email-sent__message">{message}</p>
        <p className="form-note">{t('register.emailSent.spam')}</p>
      </div>
      {!knownAddress && (
        <IonInput
          className="field"
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
      )}
      {notice && (
        <p
          className={notice.kind === 'error' ? 'form-error' : 'form-note'}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}
      <IonButton
        className="primary-action"
        expand="block"
        fill={waiting ? 'outline' : 'solid'}
        disabled={waiting || resend.busy}
        onClick={resend.run}
      >
        {waiting
          ? t('register.emailSent.resendIn', { seconds: secondsLeft })
          : t('register.emailSent.resend')}
      </IonButton>
      <div className="links">
        <Link to="/login">{t('reset.backToLogin')}</Link>
      </div>
    </PageView>
  );
}
