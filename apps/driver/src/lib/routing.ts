import type { ComponentType } from 'react';

/** Who may open a route (spec 000 §2): anyone, signed-in users only, or guests and users. */
export type RouteAccess = 'open' | 'guarded' | 'guest-or-user';

/** A page a feature registers; the shell (src/app) composes them with guards. */
export interface FeatureRoute {
  /** Path without the leading slash is accepted too; `:name` segments are parameters. */
  path: string;
  /** A lazy page (lib/lazy-page.ts) has `preload`, so its code can be fetched ahead. */
  component: ComponentType & { preload?: () => Promise<unknown> };
  access: RouteAccess;
  /**
   * A guarded text that still opens signed out inside the terms modal's frame (`?embedded=1`):
   * someone registering reads the terms and privacy before accepting them (spec 000 §2).
   */
  embeddable?: boolean;
  /** Hide the top toolbar and side menu on this page (login, register, reset pages). */
  hideNav?: boolean;
}

/** '/home/' and 'home' both become '/home'. */
export function normalizeRoutePath(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return `/${trimmed}`;
}
