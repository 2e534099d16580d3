import { lazyPage } from '../../lib/lazy-page.ts';
import type { FeatureRoute } from '../../lib/routing.ts';

const DashboardPage = lazyPage(() => import('./dashboard-page.tsx'), 'DashboardPage');

export const dashboardRoutes: FeatureRoute[] = [
  { path: '/dashboard', component: DashboardPage, access: 'guarded' },
];
