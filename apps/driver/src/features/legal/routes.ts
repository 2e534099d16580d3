import { lazyPage } from '../../lib/lazy-page.ts';
import type { FeatureRoute } from '../../lib/routing.ts';

const PrivacyPage = lazyPage(() => import('./legal-page.tsx'), 'PrivacyPage');
const TermsPage = lazyPage(() => import('./legal-page.tsx'), 'TermsPage');

/** spec 000 §2: terms and privacy are open to everyone. */
export const legalRoutes: FeatureRoute[] = [
  { path: '/terms', component: TermsPage, access: 'open' },
  { path: '/privacy', component: PrivacyPage, access: 'open' },
];
