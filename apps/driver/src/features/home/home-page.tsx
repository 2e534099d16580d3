import { IonButton, IonIcon, IonItem, IonLabel, IonList, IonNote } from '@ionic/react';
import {
  cardOutline,
  documentTextOutline,
  keyOutline,
  languageOutline,
  lockClosedOutline,
  peopleOutline,
  qrCodeOutline,
  shieldCheckmarkOutline,
  trashOutline,
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

/** Pages a session limited to setting up MFA can use (the others' calls answer 403). */
const LINKS_DURING_MFA_SETUP = ['/mfa', '/terms', '/privacy'];

/** spec 000 §2: home greets the signed-in driver and leads to the account pages. */
export function HomePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;

  const defaultMethod = user.mfa.methods.find((option) => option.isDefault);
  // docs/decisions/0001: until the account has a second step, the session can only set one up.
  const mfaSetupPending = user.mfa.required && user.mfa.methods.length === 0;
  const allLinks: AccountLink[] = [
    { path: '/manage-payments', icon: cardOutline, label: 'home.links.payments' },
    { path: '/change-password', icon: keyOutline, label: 'home.links.changePassword' },
    {
      path: '/mfa',
      icon: shieldCheckmarkOutline,
      label: 'home.links.mfa',
      status: () =>
        defaultMethod ? t(`mfa.methods.${defaultMethod.method}`) : t('home.status.mfaOff'),
    },
    {
      path: '/language',
      icon: languageOutline,
      label: 'home.links.language',
      status: (current) => t(`languages.${current.language.code}`, current.language.language),
    },
    { path: '/manage-affiliates', icon: peopleOutline, label: 'home.links.affiliates' },
    { path: '/terms', icon: documentTextOutline, label: 'home.links.terms' },
    { path: '/privacy', icon: lockClosedOutline, label: 'home.links.privacy' },
    { path: '/delete-account', icon: trashOutline, label: 'home.links.deleteAccount' },
  ];
  const links = mfaSetupPending
    ? allLinks.filter((link) => LINKS_DURING_MFA_SETUP.includes(link.path))
    : allLinks;

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
            <IonLabel>{t(link.label)}</IonLabel>
            {link.status && <IonNote slot="end">{link.status(user)}</IonNote>}
          </IonItem>
        ))}
      </IonList>
    </PageView>
  );
}
