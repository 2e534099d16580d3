import { lazyPage } from '../../lib/lazy-page.ts';
import type { FeatureRoute } from '../../lib/routing.ts';

const ChargerDetailsPage = lazyPage(
  () => import('./charger-details-page.tsx'),
  'ChargerDetailsPage',
);
const FindChargerPage = lazyPage(() => import('./find-charger-page.tsx'), 'FindChargerPage');

/** spec 000 §2: charger details by barcode (path or ?barcode= from a deep link). */
export const chargerRoutes: FeatureRoute[] = [
  { path: '/charger-details/:barcode', component: ChargerDetailsPage, access: 'guest-or-user' },
  { path: '/charger-details', component: ChargerDetailsPage, access: 'guest-or-user' },
  /** spec 000 §2: findcharger, guarded. */
  { path: '/findcharger', component: FindChargerPage, access: 'guarded' },
];
