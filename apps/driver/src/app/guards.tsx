import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../lib/session/session-store.ts';
import type { RouteAccess } from '../lib/routing.ts';

/**
 * spec 000 §2: guarded pages need a signed-in user, otherwise /login. Guest sessions come with
 * the guest feature; until then guest-or-user pages admit signed-in users only.
 */
export function RouteGuard({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (access === 'open') return children;
  if (status === 'loading') return null;
  if (status === 'signed-out') {
    return (
      <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />
    );
  }
  return children;
}
