import { lazyPage } from '../../lib/lazy-page.ts';
import type { FeatureRoute } from '../../lib/routing.ts';

const HomePage = lazyPage(() => import('./home-page.tsx'), 'HomePage');

export const homeRoutes: FeatureRoute[] = [
  { path: '/home', component: HomePage, access: 'guarded' },
];
