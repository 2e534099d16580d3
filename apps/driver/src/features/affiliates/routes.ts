import type { FeatureRoute } from '../../lib/routing.ts';
import { AddAffiliatesPage } from './add-affiliates-page.tsx';
import { AffiliatesPage } from './affiliates-page.tsx';
import { ManageAffiliatesPage } from './manage-affiliates-page.tsx';

/** spec 000 §2: the driver's affiliations (joined user groups). */
export const affiliateRoutes: FeatureRoute[] = [
  { path: '/affiliates', component: AffiliatesPage, access: 'guarded' },
  { path: '/manage-affiliates', component: ManageAffiliatesPage, access: 'guarded' },
  { path: '/add-affiliates', component: AddAffiliatesPage, access: 'guarded' },
];
