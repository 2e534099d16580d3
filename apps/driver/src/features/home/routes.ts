import type { FeatureRoute } from '../../lib/routing.ts';
import { HomePage } from './home-page.tsx';

export const homeRoutes: FeatureRoute[] = [
  { path: '/home', component: HomePage, access: 'guarded' },
];
