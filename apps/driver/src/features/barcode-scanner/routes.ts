import { lazyPage } from '../../lib/lazy-page.ts';
import type { FeatureRoute } from '../../lib/routing.ts';

const BarcodeScannerPage = lazyPage(
  () => import('./barcode-scanner-page.tsx'),
  'BarcodeScannerPage',
);

/** spec 000 §2: barcode-scanner, guarded. */
export const barcodeScannerRoutes: FeatureRoute[] = [
  { path: '/barcode-scanner', component: BarcodeScannerPage, access: 'guarded' },
];
