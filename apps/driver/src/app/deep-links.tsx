import { useEffect, useEffectEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { App } from '@capacitor/app';
import { Capacitor } from '@capacitor/core';
import { deepLinkTarget, isChargerBarcode } from '@evc/domain';
import { chargerCodeOfTarget } from '../features/barcode-scanner/charger-code.ts';
import { GUEST_HOME, isGuestPage } from '../lib/guest-paths.ts';

/** Calls `onUrl` with each address the phone opens the app with; returns the unsubscribe. */
export type AppLinkSubscription = (onUrl: (url: string) => void) => () => void;

/** Capacitor's appUrlOpen: universal links and the app's own scheme on Android and iOS. */
export const capacitorAppLinks: AppLinkSubscription = (onUrl) => {
  const listener = App.addListener('appUrlOpen', ({ url }) => onUrl(url));
  return () => {
    void listener.then((handle) => handle.remove());
  };
};

export interface DeepLinksProps {
  /** Where opened addresses come from: Capacitor in the native app, none in a browser. */
  appLinks?: AppLinkSubscription | null;
}

/**
 * spec 000 §2: an address the native app is opened with goes to the registration completion,
 * /reset/{token}, or otherwise the charger named by its last path segment. In a browser the
 * address is the page itself (see UnknownAddressRedirect).
 */
export function DeepLinks({
  appLinks = Capacitor.isNativePlatform() ? capacitorAppLinks : null,
}: DeepLinksProps) {
  const navigate = useNavigate();
  const open = useEffectEvent((url: string) => {
    const target = deepLinkTarget(url);
    if (target) navigate(target);
  });
  useEffect(() => {
    if (!appLinks) return;
    return appLinks((url) => open(url));
  }, [appLinks]);
  return null;
}

/**
 * spec 000 §2 on the web: an address that is no page of the app is read as a deep link, so a
 * charger's printed address (…/c/1234) opens charger-details?barcode=1234 and …/reset/{token}
 * opens the reset page. A last segment that is no charger barcode goes home instead of to a
 * 'Charger Not Found' page: in a browser that is a mistyped or retired address, not a charger.
 */
export function UnknownAddressRedirect() {
  const { pathname } = useLocation();
  const target = deepLinkTarget(pathname);
  const barcode = target === null ? null : chargerCodeOfTarget(target);
  const readable = target !== null && (barcode === null || isChargerBarcode(barcode));
  // Issue 15: a guest's address (/guest/…/1234) reaches the charger through the guest home,
  // which makes the guest first when there is none.
  if (isGuestPage(pathname)) {
    const guestTarget =
      readable && barcode !== null ? `${GUEST_HOME}?barcode=${barcode}` : GUEST_HOME;
    return <Navigate to={guestTarget} replace />;
  }
  return <Navigate to={readable ? target : '/home'} replace />;
}
