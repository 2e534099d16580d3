import { lazyPage } from '../../lib/lazy-page.ts';
import type { FeatureRoute } from '../../lib/routing.ts';

const ManageRfidCardsPage = lazyPage(
  () => import('./manage-rfid-cards-page.tsx'),
  'ManageRfidCardsPage',
);
const ManageUserRfidsPage = lazyPage(
  () => import('./manage-user-rfids-page.tsx'),
  'ManageUserRfidsPage',
);
const AddRfidByCodePage = lazyPage(
  () => import('./add-rfid-by-code-page.tsx'),
  'AddRfidByCodePage',
);
const ScanNewCardPage = lazyPage(() => import('./scan-new-card-page.tsx'), 'ScanNewCardPage');

/** spec 000 §2: the driver's RFID cards. */
export const rfidRoutes: FeatureRoute[] = [
  { path: '/manage-rfid-cards', component: ManageRfidCardsPage, access: 'guarded' },
  { path: '/manage-user-rfids', component: ManageUserRfidsPage, access: 'guarded' },
  { path: '/add-rfid-by-code', component: AddRfidByCodePage, access: 'guarded' },
  { path: '/scan-new-card', component: ScanNewCardPage, access: 'guarded' },
];
