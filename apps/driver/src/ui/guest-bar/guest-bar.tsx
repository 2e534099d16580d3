import { IonButton, IonIcon } from '@ionic/react';
import { arrowBackOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { previousAddress } from '../../lib/back-navigation.ts';
import { GUEST_HOME } from '../../lib/guest-paths.ts';
import { GuestCode } from './guest-code.tsx';
import { Helpline } from './helpline.tsx';
import './guest-bar.css';

/**
 * spec 000 §2: guests see a back button and a guest code line; issue 15: and the helpline, on
 * every guest page. Back walks the visited addresses, and from the first page to the guest home.
 */
export function GuestBar({ code }: { code: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => {
    const target = previousAddress();
    navigate(target === '/' ? GUEST_HOME : target, { replace: true });
  };
  return (
    <div className="guest-bar">
      <IonButton
        fill="clear"
        className="guest-bar__back"
        aria-label={t('guestBar.back')}
        onClick={back}
      >
        <IonIcon slot="start" icon={arrowBackOutline} aria-hidden="true" />
        {t('guestBar.back')}
      </IonButton>
      <div className="guest-bar__lines">
        {code ? (
          <GuestCode code={code} />
        ) : (
          <span className="guest-code">{t('guestBar.noCode')}</span>
        )}
        <Helpline />
      </div>
    </div>
  );
}
