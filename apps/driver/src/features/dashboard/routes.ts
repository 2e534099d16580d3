import type { FeatureRoute } from '../../lib/routing.ts';
import { DashboardPage } from './dashboard-page.tsx';

export const dashboardRoutes: FeatureRoute[] = [
  { path: '/dashboard', component: DashboardPage, access: 'guarded' },
];
