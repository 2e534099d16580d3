import type { FeatureRoute } from '../../lib/routing.ts';
import { AddRfidByCodePage } from './add-rfid-by-code-page.tsx';
import { ManageRfidCardsPage } from './manage-rfid-cards-page.tsx';
import { ManageUserRfidsPage } from './manage-user-rfids-page.tsx';
import { ScanNewCardPage } from './scan-new-card-page.tsx';

/** spec 000 §2: the driver's RFID cards. */
export const rfidRoutes: FeatureRoute[] = [
  { path: '/manage-rfid-cards', component: ManageRfidCardsPage, access: 'guarded' },
  { path: '/manage-user-rfids', component: ManageUserRfidsPage, access: 'guarded' },
  { path: '/add-rfid-by-code', component: AddRfidByCodePage, access: 'guarded' },
  { path: '/scan-new-card', component: ScanNewCardPage, access: 'guarded' },
];
