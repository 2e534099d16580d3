import { lazyPage } from '../lib/lazy-page.ts';
import type { FeatureRoute } from '../lib/routing.ts';

const UpdateAppPage = lazyPage(() => import('./pages/update-app-page.tsx'), 'UpdateAppPage');

/** Pages the shell itself owns. */
export const shellRoutes: FeatureRoute[] = [
  { path: '/update-app-page', component: UpdateAppPage, access: 'open', hideNav: true },
];
