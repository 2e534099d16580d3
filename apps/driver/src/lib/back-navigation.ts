import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/** spec 000 §2: addresses visited in this session, newest last; back walks through them. */
const visited: string[] = [];

/** How the router reached an address: a new entry, the browser's own back/forward, or a redirect. */
export type VisitKind = 'push' | 'pop' | 'replace';

/**
 * Records an address (called by the router on every navigation); a repeat of the last one is
 * ignored. A redirect takes the place of the address it left, so back never lands on an address
 * that only sends the driver on; the browser's (or a phone's) own back to the address before the
 * last one walks the history back instead of adding to it.
 */
export function recordVisit(address: string, kind: VisitKind = 'push'): void {
  if (visited.at(-1) === address) return;
  if (kind === 'replace' && visited.length > 0) {
    visited[visited.length - 1] = address;
    if (visited.at(-2) === address) visited.pop();
    return;
  }
  if (kind === 'pop' && visited.at(-2) === address) {
    visited.pop();
    return;
  }
  visited.push(address);
}

/**
 * Drops the current address and gives the one before it, or the root when there is none; the
 * address given stays the last visited, so going there (with replace) records nothing new.
 */
export function previousAddress(): string {
  visited.pop();
  return visited.at(-1) ?? '/';
}

export function visitedAddresses(): readonly string[] {
  return visited;
}

export function resetVisits(): void {
  visited.length = 0;
}

/**
 * Issue 19: the pages that need no back button, where every other page leads back to: the
 * driver's home, the guest home, sign-in and the update notice (the root '/' opens home).
 */
export const ROOT_PAGES: readonly string[] = [
  '/',
  '/home',
  '/guest/guest-home',
  '/guest/home',
  '/login',
  '/update-app-page',
];

/** Whether a page is a root page ('/home/' counts as '/home'). */
export function isRootPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROOT_PAGES.includes(path);
}

/** Back navigation through the visited addresses (empty history → `root`, '/' by default). */
export function useBackNavigation(root = '/'): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const target = previousAddress();
    navigate(target === '/' ? root : target, { replace: true });
  }, [navigate, root]);
}
