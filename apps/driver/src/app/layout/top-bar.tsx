import { IonButtons, IonHeader, IonMenuButton, IonToolbar } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useBrand } from '../../lib/brand.ts';
import { useFeatureVisible } from '../../lib/permissions.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { BalanceBadge } from './balance-badge.tsx';

/** spec 000 §2: the brand's icon and name, the menu button and the credit balance. */
export function TopBar({ balanceRegistered }: { balanceRegistered: boolean }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const { user } = useSession();
  const creditVisible = useFeatureVisible('CREDIT');
  return (
    <IonHeader className="top-bar">
      <IonToolbar color="primary">
        <IonButtons slot="start">
          {user && <IonMenuButton menu="main-menu" aria-label={t('shell.openMenu')} />}
        </IonButtons>
        <Link to={user ? '/home' : '/login'} className="top-bar__brand">
          <img className="top-bar__icon" src={brand.icon} alt="" />
          <span className="top-bar__name">{brand.name}</span>
        </Link>
        <IonButtons slot="end">
          {user && creditVisible && (
            <BalanceBadge userId={user._id} linkToBalance={balanceRegistered} />
          )}
        </IonButtons>
      </IonToolbar>
    </IonHeader>
  );
}
