import { lazyPage } from '../../lib/lazy-page.ts';
import type { FeatureRoute } from '../../lib/routing.ts';

const FaqPage = lazyPage(() => import('./faq-page.tsx'), 'FaqPage');

/** spec 000 §2: the questions and answers, open to everyone (signed out too). */
export const faqRoutes: FeatureRoute[] = [{ path: '/faq', component: FaqPage, access: 'open' }];
