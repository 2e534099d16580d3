import { useEffect, useRef, useState } from 'react';
import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { cloudOfflineOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../lib/api/api-error.ts';
import { defaultHelpline } from '../../lib/api/calls/default-helpline.ts';
import { useAlert } from '../../lib/alerts.ts';
import { useBrand } from '../../lib/brand.ts';
import { getUuid, signIn } from '../../lib/session/session-store.ts';
import { PageView } from '../../ui/page-view/page-view.tsx';
import { completeRegistration } from './api/complete-registration.ts';
import './auth.css';

/** spec 000 §4: the contact named to a driver whose registration did not go through. */
async function supportContact(supportEmail: string | undefined): Promise<string> {
  if (supportEmail) return supportEmail;
  try {
    return await defaultHelpline();
  } catch {
    return '';
  }
}

type Outcome = 'confirmed' | 'not-confirmed' | 'offline';

async function confirm(token: string): Promise<Outcome> {
  try {
    const answer = await completeRegistration({ token, uuid: await getUuid() });
    if (!answer._id) return 'not-confirmed';
    await signIn(answer.user.tokenData);
    return 'confirmed';
  } catch (error) {
    return error instanceof ApiError && error.isOffline ? 'offline' : 'not-confirmed';
  }
}

/**
 * spec 000 §2, §4: the link from the registration e-mail (also opened as a deep link). Confirmed:
 * home with a confirmation alert. Otherwise: login with a not-confirmed alert naming the support
 * contact. Without a connection the driver can try again, as the link is still unused.
 */
export function CompleteRegistrationPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const alert = useAlert();
  const { brand } = useBrand();
  const [attempt, setAttempt] = useState(0);
  const [offline, setOffline] = useState(false);
  // A token is single-use: React's development double effect must not send it twice.
  const sentFor = useRef<number | null>(null);

  useEffect(() => {
    if (sentFor.current === attempt) return;
    sentFor.current = attempt;
    void (async () => {
      const outcome = await confirm(token);
      if (outcome === 'offline') {
        setOffline(true);
        return;
      }
      if (outcome === 'confirmed') {
        navigate('/home', { replace: true });
        void alert.showAlert({
          header: t('register.complete.doneTitle'),
          message: t('register.complete.doneMessage'),
        });
        return;
      }
      const contact = await supportContact(brand.supportEmail);
      navigate('/login', { replace: true });
      void alert.showAlert({
        header: t('register.complete.notConfirmedTitle'),
        message: t('register.complete.notConfirmedMessage', { contact }),
      });
    })();
  }, [attempt, token, navigate, alert, t, brand.supportEmail]);

  if (offline) {
    return (
      <PageView title={t('register.complete.title')}>
        <div className="centered">
          <IonIcon className="big-icon" icon={cloudOfflineOutline} aria-hidden="true" />
          <p role="alert">{t('errors.network')}</p>
        </div>
        <IonButton
          className="primary-action"
          expand="block"
          onClick={() => {
            setOffline(false);
            setAttempt((count) => count + 1);
          }}
        >
          {t('common.retry')}
        </IonButton>
      </PageView>
    );
  }

  return (
    <PageView title={t('register.complete.title')}>
      <div className="centered complete-registration" aria-busy="true">
        <IonSpinner name="crescent" color="primary" />
        <p>{t('register.complete.checking')}</p>
      </div>
    </PageView>
  );
}
