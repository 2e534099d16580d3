import type { FeatureRoute } from '../../lib/routing.ts';
import { ChargeHistoryPage } from './charge-history-page.tsx';

export const historyRoutes: FeatureRoute[] = [
  { path: '/chargehistory', component: ChargeHistoryPage, access: 'guarded' },
];
