import { lazyPage } from '../../lib/lazy-page.ts';
import type { FeatureRoute } from '../../lib/routing.ts';

const AffiliatesPage = lazyPage(() => import('./affiliates-page.tsx'), 'AffiliatesPage');
const ManageAffiliatesPage = lazyPage(
  () => import('./manage-affiliates-page.tsx'),
  'ManageAffiliatesPage',
);
const AddAffiliatesPage = lazyPage(() => import('./add-affiliates-page.tsx'), 'AddAffiliatesPage');

/** spec 000 §2: the driver's affiliations (joined user groups). */
export const affiliateRoutes: FeatureRoute[] = [
  { path: '/affiliates', component: AffiliatesPage, access: 'guarded' },
  { path: '/manage-affiliates', component: ManageAffiliatesPage, access: 'guarded' },
  { path: '/add-affiliates', component: AddAffiliatesPage, access: 'guarded' },
];
