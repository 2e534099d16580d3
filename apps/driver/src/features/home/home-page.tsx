import { IonIcon, IonItem, IonLabel, IonList } from '@ionic/react';
import {
  documentTextOutline,
  keyOutline,
  languageOutline,
  shieldCheckmarkOutline,
  trashOutline,
} from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session/session-store.ts';
import { PageView } from '../../ui/page-view/page-view.tsx';
import '../account/account.css';

const ACCOUNT_LINKS = [
  { path: '/change-password', icon: keyOutline, label: 'home.links.changePassword' },
  { path: '/mfa', icon: shieldCheckmarkOutline, label: 'home.links.mfa' },
  { path: '/language', icon: languageOutline, label: 'home.links.language' },
  { path: '/terms', icon: documentTextOutline, label: 'home.links.terms' },
  { path: '/delete-account', icon: trashOutline, label: 'home.links.deleteAccount' },
] as const;

/** spec 000 §2: home greets the signed-in driver. */
export function HomePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  return (
    <PageView
      title={t('home.greeting', { name: user.first_name })}
      subtitle={t('home.customerCode', { code: user.HRCode })}
    >
      <p className="section-label">{t('home.account')}</p>
      <IonList inset className="home-links">
        {ACCOUNT_LINKS.map((link) => (
          <IonItem key={link.path} routerLink={link.path} detail>
            <IonIcon slot="start" icon={link.icon} aria-hidden="true" color="primary" />
            <IonLabel>{t(link.label)}</IonLabel>
          </IonItem>
        ))}
      </IonList>
    </PageView>
  );
}
