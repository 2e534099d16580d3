import { lazy, Suspense, useCallback } from 'react';
import { IonSplitPane } from '@ionic/react';
import { useLocation } from 'react-router-dom';
import { isRootPage } from '../../lib/back-navigation.ts';
import { useMasquerade } from '../../lib/masquerade/masquerade-state.ts';
import { useSession } from '../../lib/session/session-store.ts';
import type { FeatureRoute } from '../../lib/routing.ts';
import { SessionBar } from '../../ui/ongoing-charge/session-bar.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay/loading-overlay.tsx';
import { AppRouter } from '../app-router.tsx';
import { isEmbeddedAddress } from '../guards.tsx';
import { isNavHidden, isRegistered } from '../navigation.ts';
import { BackButton } from './back-button.tsx';
import { FirstLaunchOnboarding } from './first-launch-onboarding.tsx';
import { InstallPrompt } from './install-prompt.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';
import './app-layout.css';

/** Support masquerade's banner and confirmation (issue 18): loaded only in masquerade. */
const MasqueradeBanner = lazy(() =>
  import('../../ui/masquerade/masquerade-banner.tsx').then((module) => ({
    default: module.MasqueradeBanner,
  })),
);

/**
 * The shell around every page: menu, support-masquerade banner, top bar, running session's bar
 * (issue 19), offline banner, install prompt (not in masquerade: nothing is for the device
 * there), first-launch onboarding, loading overlay.
 */
export function AppLayout({ routes }: { routes: readonly FeatureRoute[] }) {
  const { pathname, search } = useLocation();
  const { user, guest } = useSession();
  const { on: masquerading } = useMasquerade();
  // A page shown inside the terms modal's frame stands alone: no bars, menu or prompts.
  const embedded = isEmbeddedAddress(search);
  const navHidden = embedded || isNavHidden(routes, pathname);
  const menuDisabled = navHidden || (!user && !guest);
  const registered = useCallback((path: string) => isRegistered(routes, path), [routes]);

  return (
    <>
      <IonSplitPane contentId="main" when="lg" disabled={menuDisabled}>
        <SideMenu contentId="main" disabled={menuDisabled} isRegistered={registered} />
        <div className="ion-page app-main" id="main">
          {!navHidden && <TopBar balanceRegistered={registered('/balance')} />}
          {navHidden && !embedded && !isRootPage(pathname) && (
            <div className="back-bar">
              <BackButton />
            </div>
          )}
          {!embedded && masquerading && (
            <Suspense fallback={null}>
              <MasqueradeBanner />
            </Suspense>
          )}
          {!navHidden && (user ?? guest) && <SessionBar guest={!user} />}
          {!embedded && <OfflineBanner />}
          <div className="app-outlet">
            <AppRouter routes={routes} />
          </div>
          {!embedded && !masquerading && <InstallPrompt />}
        </div>
      </IonSplitPane>
      <FirstLaunchOnboarding />
      <LoadingOverlay />
    </>
  );
}
