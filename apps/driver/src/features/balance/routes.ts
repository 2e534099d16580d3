import type { FeatureRoute } from '../../lib/routing.ts';
import { BalancePage } from './balance-page.tsx';
import { TopUpConfirmCardPage } from './topup-confirm-card-page.tsx';
import { TopUpSelectCardPage } from './topup-select-card-page.tsx';

/** spec 000 §2: the credit balance and its top-up. */
export const balanceRoutes: FeatureRoute[] = [
  { path: '/balance', component: BalancePage, access: 'guarded' },
  { path: '/topup-select-card', component: TopUpSelectCardPage, access: 'guarded' },
  { path: '/topup-confirm-card', component: TopUpConfirmCardPage, access: 'guarded' },
];
