import { lazyPage } from '../../lib/lazy-page.ts';
import type { FeatureRoute } from '../../lib/routing.ts';

const ChargeHistoryPage = lazyPage(() => import('./charge-history-page.tsx'), 'ChargeHistoryPage');

export const historyRoutes: FeatureRoute[] = [
  { path: '/chargehistory', component: ChargeHistoryPage, access: 'guarded' },
];
