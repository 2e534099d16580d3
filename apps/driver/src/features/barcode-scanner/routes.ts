import type { FeatureRoute } from '../../lib/routing.ts';
import { BarcodeScannerPage } from './barcode-scanner-page.tsx';

/** spec 000 §2: barcode-scanner, guarded. */
export const barcodeScannerRoutes: FeatureRoute[] = [
  { path: '/barcode-scanner', component: BarcodeScannerPage, access: 'guarded' },
];
