import { lazyPage } from '../../lib/lazy-page.ts';
import type { FeatureRoute } from '../../lib/routing.ts';

const BalancePage = lazyPage(() => import('./balance-page.tsx'), 'BalancePage');
const BalanceStatementPage = lazyPage(
  () => import('./balance-statement-page.tsx'),
  'BalanceStatementPage',
);
const TopUpConfirmCardPage = lazyPage(
  () => import('./topup-confirm-card-page.tsx'),
  'TopUpConfirmCardPage',
);
const TopUpSelectCardPage = lazyPage(
  () => import('./topup-select-card-page.tsx'),
  'TopUpSelectCardPage',
);

/** spec 000 §2: the credit balance, its top-up and (issue 19) its statement. */
export const balanceRoutes: FeatureRoute[] = [
  { path: '/balance', component: BalancePage, access: 'guarded' },
  // Issue 19: the statement of the balance's movements.
  { path: '/balance-statement', component: BalanceStatementPage, access: 'guarded' },
  { path: '/topup-select-card', component: TopUpSelectCardPage, access: 'guarded' },
  { path: '/topup-confirm-card', component: TopUpConfirmCardPage, access: 'guarded' },
];
