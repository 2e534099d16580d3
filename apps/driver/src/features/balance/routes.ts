import { lazyPage } from '../../lib/lazy-page.ts';
import type { FeatureRoute } from '../../lib/routing.ts';

const BalancePage = lazyPage(() => import('./balance-page.tsx'), 'BalancePage');
const TopUpConfirmCardPage = lazyPage(
  () => import('./topup-confirm-card-page.tsx'),
  'TopUpConfirmCardPage',
);
const TopUpSelectCardPage = lazyPage(
  () => import('./topup-select-card-page.tsx'),
  'TopUpSelectCardPage',
);

/** spec 000 §2: the credit balance and its top-up. */
export const balanceRoutes: FeatureRoute[] = [
  { path: '/balance', component: BalancePage, access: 'guarded' },
  { path: '/topup-select-card', component: TopUpSelectCardPage, access: 'guarded' },
  { path: '/topup-confirm-card', component: TopUpConfirmCardPage, access: 'guarded' },
];
