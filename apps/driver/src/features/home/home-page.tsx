import { IonButton, IonIcon, IonItem, IonLabel, IonList, IonNote } from '@ionic/react';
import {
  documentTextOutline,
  lockClosedOutline,
  qrCodeOutline,
  settingsOutline,
  shieldCheckmarkOutline,
} from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { User } from '@evc/contract';
import { useSession } from '../../lib/session/session-store.ts';
import { PageView } from '../../ui/page-view/page-view.tsx';
import { ChargerEntry } from '../../ui/charger-entry/charger-entry.tsx';
import { OngoingCharge } from '../../ui/ongoing-charge/ongoing-charge.tsx';
import { HomeActions } from './home-actions.tsx';
import { RecentChargePoints } from './recent-charge-points.tsx';
import './home.css';

interface AccountLink {
  path: string;
  icon: string;
  label: string;
  /** What the driver has chosen for this page, shown beside the link. */
  status?: (user: User) => string;
}

/**
 * spec 000 §2: home greets the signed-in driver and leads on to charging; issue 19: the account's
 * pages (password, payment cards, language, terms, deletion…) are grouped under Settings, one link
 * away. A session limited to setting up MFA keeps the pages it can use (the others' calls answer
 * 403): MFA, terms and privacy (docs/decisions/0001).
 */
export function HomePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;

  const mfaSetupPending = user.mfa.required && user.mfa.methods.length === 0;
  const links: AccountLink[] = mfaSetupPending
    ? [
        {
          path: '/mfa',
          icon: shieldCheckmarkOutline,
          label: 'home.links.mfa',
          status: () => t('home.status.mfaOff'),
        },
        { path: '/terms', icon: documentTextOutline, label: 'home.links.terms' },
        { path: '/privacy', icon: lockClosedOutline, label: 'home.links.privacy' },
      ]
    : [{ path: '/settings', icon: settingsOutline, label: 'home.links.settings' }];

  return (
    <PageView
      title={t('home.greeting', { name: user.first_name })}
      subtitle={
        <>
          {t('home.customerCode')} <strong className="home-code">{user.HRCode}</strong>
        </>
      }
    >
      {mfaSetupPending ? (
        <div className="form-note home-mfa-required" role="status">
          <p>{t('home.mfaRequired')}</p>
          <IonButton routerLink="/mfa" size="small">
            {t('home.mfaSetUp')}
          </IonButton>
        </div>
      ) : (
        <>
          <OngoingCharge />
          <ChargerEntry />
          <IonButton
            className="home-scan"
            expand="block"
            fill="outline"
            routerLink="/barcode-scanner"
          >
            <IonIcon slot="start" icon={qrCodeOutline} aria-hidden="true" />
            {t('home.scan')}
          </IonButton>
          <HomeActions user={user} />
          <RecentChargePoints />
        </>
      )}
      <p className="section-label">{t('home.account')}</p>
      <IonList inset className="home-links">
        {links.map((link) => (
          <IonItem key={link.path} routerLink={link.path} detail>
            <IonIcon slot="start" icon={link.icon} aria-hidden="true" color="primary" />
            <IonLabel>
              {t(link.label)}
              {link.path === '/settings' && <p>{t('home.links.settingsHint')}</p>}
            </IonLabel>
            {link.status && <IonNote slot="end">{link.status(user)}</IonNote>}
          </IonItem>
        ))}
      </IonList>
    </PageView>
  );
}
