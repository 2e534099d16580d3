import { matchPath } from 'react-router-dom';
import { normalizeRoutePath, type FeatureRoute } from '../lib/routing.ts';

/** spec 000 §2: no top navigation or menu on these pages, whatever the routes say. */
export const NAV_HIDDEN_PATHS = [
  '/login',
  '/register',
  '/reset-password',
  '/reset/*',
  '/update-app-page',
] as const;

export function findRoute(
  routes: readonly FeatureRoute[],
  pathname: string,
): FeatureRoute | undefined {
  return routes.find((route) =>
    matchPath({ path: normalizeRoutePath(route.path), end: true }, pathname),
  );
}

export function isNavHidden(routes: readonly FeatureRoute[], pathname: string): boolean {
  if (NAV_HIDDEN_PATHS.some((path) => matchPath({ path, end: true }, pathname))) return true;
  return findRoute(routes, pathname)?.hideNav === true;
}

/** Whether a link to this address would open a registered page (the menu shows no dead links). */
export function isRegistered(routes: readonly FeatureRoute[], pathname: string): boolean {
  return findRoute(routes, pathname) !== undefined;
}
