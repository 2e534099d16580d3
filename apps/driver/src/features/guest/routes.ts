import { lazyPage } from '../../lib/lazy-page.ts';
import type { FeatureRoute } from '../../lib/routing.ts';

const GuestHomePage = lazyPage(() => import('./guest-home-page.tsx'), 'GuestHomePage');

/**
 * spec 000 §2: guest/guest-home, open: it makes the guest when there is none. /guest/home is the
 * guest equivalent of home, the same page.
 */
export const guestRoutes: FeatureRoute[] = [
  { path: '/guest/guest-home', component: GuestHomePage, access: 'open' },
  { path: '/guest/home', component: GuestHomePage, access: 'open' },
];
