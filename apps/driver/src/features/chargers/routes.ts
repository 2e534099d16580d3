import type { FeatureRoute } from '../../lib/routing.ts';
import { ChargerDetailsPage } from './charger-details-page.tsx';
import { FindChargerPage } from './find-charger-page.tsx';

/** spec 000 §2: charger details by barcode (path or ?barcode= from a deep link). */
export const chargerRoutes: FeatureRoute[] = [
  { path: '/charger-details/:barcode', component: ChargerDetailsPage, access: 'guest-or-user' },
  { path: '/charger-details', component: ChargerDetailsPage, access: 'guest-or-user' },
  /** spec 000 §2: findcharger, guarded. */
  { path: '/findcharger', component: FindChargerPage, access: 'guarded' },
];
