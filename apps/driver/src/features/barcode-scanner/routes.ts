import { lazyPage } from '../../lib/lazy-page.ts';
import { asGuestRoutes } from '../../lib/guest-paths.ts';
import type { FeatureRoute } from '../../lib/routing.ts';

const BarcodeScannerPage = lazyPage(
  () => import('./barcode-scanner-page.tsx'),
  'BarcodeScannerPage',
);

/** spec 000 §2: barcode-scanner, guarded; a guest scans a charger's QR code at /guest/…. */
const scannerRoutes: FeatureRoute[] = [
  { path: '/barcode-scanner', component: BarcodeScannerPage, access: 'guarded' },
];

export const barcodeScannerRoutes: FeatureRoute[] = [
  ...scannerRoutes,
  ...asGuestRoutes(scannerRoutes),
];
