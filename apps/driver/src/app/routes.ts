import type { FeatureRoute } from '../lib/routing.ts';
import { accountRoutes } from '../features/account/routes.ts';
import { authRoutes } from '../features/auth/routes.ts';
import { barcodeScannerRoutes } from '../features/barcode-scanner/routes.ts';
import { balanceRoutes } from '../features/balance/routes.ts';
import { chargerRoutes } from '../features/chargers/routes.ts';
import { guestRoutes } from '../features/guest/routes.ts';
import { homeRoutes } from '../features/home/routes.ts';
import { legalRoutes } from '../features/legal/routes.ts';
import { affiliateRoutes } from '../features/affiliates/routes.ts';
import { homeChargingRoutes } from '../features/home-charging/routes.ts';
import { historyRoutes } from '../features/history/routes.ts';
import { dashboardRoutes } from '../features/dashboard/routes.ts';
import { faqRoutes } from '../features/faq/routes.ts';
import { paymentRoutes } from '../features/payments/routes.ts';
import { chargingRoutes } from '../features/charging/routes.ts';
import { rfidRoutes } from '../features/rfid/routes.ts';
import { settingsRoutes } from '../features/settings/routes.ts';
import { shellRoutes } from './shell-routes.ts';

/** Every registered page: the shell's and each feature's (one import and one spread per feature). */
export const appRoutes: readonly FeatureRoute[] = [
  ...shellRoutes,
  ...authRoutes,
  ...homeRoutes,
  ...guestRoutes,
  ...chargerRoutes,
  ...accountRoutes,
  ...legalRoutes,
  ...barcodeScannerRoutes,
  ...affiliateRoutes,
  ...historyRoutes,
  ...dashboardRoutes,
  ...paymentRoutes,
  ...chargingRoutes,
  ...balanceRoutes,
  ...rfidRoutes,
  ...settingsRoutes,
  ...homeChargingRoutes,
  ...faqRoutes,
];
