import { lazyPage } from '../../lib/lazy-page.ts';
import { asGuestRoutes } from '../../lib/guest-paths.ts';
import type { FeatureRoute } from '../../lib/routing.ts';

const ChargerDetailsPage = lazyPage(
  () => import('./charger-details-page.tsx'),
  'ChargerDetailsPage',
);
const FindChargerPage = lazyPage(() => import('./find-charger-page.tsx'), 'FindChargerPage');

/** spec 000 §2: charger details by barcode (path or ?barcode= from a deep link). */
const driverRoutes: FeatureRoute[] = [
  { path: '/charger-details/:barcode', component: ChargerDetailsPage, access: 'guest-or-user' },
  { path: '/charger-details', component: ChargerDetailsPage, access: 'guest-or-user' },
  /** spec 000 §2: findcharger, guarded. */
  { path: '/findcharger', component: FindChargerPage, access: 'guarded' },
];

/** spec 000 §2: the guest equivalents of find charger and details, under /guest. */
export const chargerRoutes: FeatureRoute[] = [...driverRoutes, ...asGuestRoutes(driverRoutes)];
