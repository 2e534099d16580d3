import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import type { FeatureRoute } from './routing.ts';

/** spec 000 §2: the guest equivalents of the driver's pages live under this prefix. */
export const GUEST_PREFIX = '/guest';

/** spec 000 §2: guest/guest-home, where a guest starts and where a guest's back leads last. */
export const GUEST_HOME = '/guest/guest-home';

/** spec 000 §4: guest mode applies when the address includes /guest or /reset/. */
export function isGuestAddress(pathname: string): boolean {
  return pathname.includes(GUEST_PREFIX) || pathname.includes('/reset/');
}

/** Whether a page is the guest equivalent of a driver's page ('/guest/…'). */
export function isGuestPage(pathname: string): boolean {
  return pathname === GUEST_PREFIX || pathname.startsWith(`${GUEST_PREFIX}/`);
}

/** '/charger-details?barcode=1001' → '/guest/charger-details?barcode=1001'. */
export function guestPath(path: string): string {
  return isGuestPage(path) ? path : `${GUEST_PREFIX}${path.startsWith('/') ? '' : '/'}${path}`;
}

/**
 * spec 000 §2, §6: the guest equivalents of routes a feature registers — the same page with
 * '/guest' before its path, behind the guest-or-user guard.
 */
export function asGuestRoutes(routes: readonly FeatureRoute[]): FeatureRoute[] {
  return routes.map((route) => ({
    ...route,
    path: guestPath(route.path),
    access: 'guest-or-user',
  }));
}

/**
 * The address of another page of the same flow: a page opened as a guest equivalent keeps its
 * links among the guest pages, so a shared page needs no knowledge of who is driving.
 */
export function useFlowPath(): { guest: boolean; flowPath: (path: string) => string } {
  const { pathname } = useLocation();
  const guest = isGuestPage(pathname);
  const flowPath = useCallback((path: string) => (guest ? guestPath(path) : path), [guest]);
  return { guest, flowPath };
}
