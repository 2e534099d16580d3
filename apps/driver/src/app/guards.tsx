import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../lib/session/session-store.ts';
import type { RouteAccess } from '../lib/routing.ts';

export interface RouteGuardProps {
  access: RouteAccess;
  /** Opens signed out when shown inside the terms modal's frame (lib/routing.ts). */
  embeddable?: boolean;
  children: ReactNode;
}

/** Whether the address is a page shown inside the terms modal's frame. */
export function isEmbeddedAddress(search: string): boolean {
  return new URLSearchParams(search).has('embedded');
}

/**
 * spec 000 §2, §6: guarded pages need a signed-in user; guest-or-user pages admit a guest too.
 * Anyone else goes to /login (spec 000 §8: a guest with no tokens is sent there).
 */
export function RouteGuard({ access, embeddable = false, children }: RouteGuardProps) {
  const { status, guest } = useSession();
  const location = useLocation();
  if (access === 'open') return children;
  if (embeddable && isEmbeddedAddress(location.search)) return children;
  if (status === 'loading') return null;
  const admitted = status === 'signed-in' || (access === 'guest-or-user' && guest !== null);
  if (!admitted) {
    return (
      <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />
    );
  }
  return children;
}
