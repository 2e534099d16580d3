import { lazy, Suspense } from 'react';
import { IonButtons, IonHeader, IonMenuButton, IonToolbar } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { isRootPage } from '../../lib/back-navigation.ts';
import { useBrand } from '../../lib/brand.ts';
import { GUEST_HOME, isGuestAddress } from '../../lib/guest-paths.ts';
import { useFeatureVisible } from '../../lib/permissions.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { BackButton } from './back-button.tsx';
import { BalanceBadge } from './balance-badge.tsx';

/** Guests' code, not the first screen's: fetched when a guest page first shows. */
const GuestBar = lazy(async () => ({
  default: (await import('../../ui/guest-bar/guest-bar.tsx')).GuestBar,
}));

/**
 * spec 000 §2: the brand's icon and name, the menu button and the credit balance; a guest (or a
 * blank guest in guest mode, spec 000 §4) gets the guest bar under it, with its back button;
 * anyone else gets a back button on every page but the root pages (issue 19). The back button
 * comes first: it is drawn before the session is known, and the menu button that comes with the
 * session (shown once Ionic's menu is ready) would otherwise take its place under a first tap.
 */
export function TopBar({ balanceRegistered }: { balanceRegistered: boolean }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const { user, guest } = useSession();
  const { pathname } = useLocation();
  const creditVisible = useFeatureVisible('CREDIT');
  const asGuest = !user && (guest !== null || isGuestAddress(pathname));
  return (
    <IonHeader className="top-bar">
      <IonToolbar color="primary">
        <IonButtons slot="start">
          {!asGuest && !isRootPage(pathname) && <BackButton />}
          {(user ?? guest) && <IonMenuButton menu="main-menu" aria-label={t('shell.openMenu')} />}
        </IonButtons>
        <Link to={user ? '/home' : asGuest ? GUEST_HOME : '/login'} className="top-bar__brand">
          <img className="top-bar__icon" src={brand.icon} alt="" />
          <span className="top-bar__name">{brand.name}</span>
        </Link>
        <IonButtons slot="end">
          {user && creditVisible && (
            <BalanceBadge userId={user._id} linkToBalance={balanceRegistered} />
          )}
        </IonButtons>
      </IonToolbar>
      {asGuest && (
        <Suspense fallback={null}>
          <GuestBar code={guest?.HRCode ?? null} />
        </Suspense>
      )}
    </IonHeader>
  );
}
