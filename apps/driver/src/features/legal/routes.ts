import { lazyPage } from '../../lib/lazy-page.ts';
import type { FeatureRoute } from '../../lib/routing.ts';

const PrivacyPage = lazyPage(() => import('./legal-page.tsx'), 'PrivacyPage');
const TermsPage = lazyPage(() => import('./legal-page.tsx'), 'TermsPage');

/**
 * spec 000 §2: terms, privacy and terms-conditions (the terms as settings opens them) are guarded. Terms and
 * privacy still open signed out inside the register page's terms modal, read before accepting.
 */
export const legalRoutes: FeatureRoute[] = [
  { path: '/terms', component: TermsPage, access: 'guarded', embeddable: true },
  { path: '/privacy', component: PrivacyPage, access: 'guarded', embeddable: true },
  { path: '/terms-conditions', component: TermsPage, access: 'guarded' },
];
