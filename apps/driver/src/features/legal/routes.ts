import type { FeatureRoute } from '../../lib/routing.ts';
import { PrivacyPage, TermsPage } from './legal-page.tsx';

/** spec 000 §2: terms and privacy are open to everyone. */
export const legalRoutes: FeatureRoute[] = [
  { path: '/terms', component: TermsPage, access: 'open' },
  { path: '/privacy', component: PrivacyPage, access: 'open' },
];
