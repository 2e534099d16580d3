import type { FeatureRoute } from '../lib/routing.ts';
import { UpdateAppPage } from './pages/update-app-page.tsx';

/** Pages the shell itself owns. */
export const shellRoutes: FeatureRoute[] = [
  { path: '/update-app-page', component: UpdateAppPage, access: 'open', hideNav: true },
];
