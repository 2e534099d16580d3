import { lazyPage } from '../../lib/lazy-page.ts';
import type { FeatureRoute } from '../../lib/routing.ts';

const ChargingCompletedPage = lazyPage(
  () => import('./charging-completed-page.tsx'),
  'ChargingCompletedPage',
);
const ChargingConfirmPaymentPage = lazyPage(
  () => import('./charging-confirm-payment-page.tsx'),
  'ChargingConfirmPaymentPage',
);
const ChargingInProgressPage = lazyPage(
  () => import('./charging-in-progress-page.tsx'),
  'ChargingInProgressPage',
);
const ChargingSelectPaymentPage = lazyPage(
  () => import('./charging-select-payment-page.tsx'),
  'ChargingSelectPaymentPage',
);
const StartChargingPage = lazyPage(() => import('./start-charging-page.tsx'), 'StartChargingPage');
const VariableTariffPage = lazyPage(
  () => import('./variable-tariff-page.tsx'),
  'VariableTariffPage',
);

/** spec 000 §2: the charging flow, guarded; 001 §2: the variable tariff, guests too. */
export const chargingRoutes: FeatureRoute[] = [
  { path: '/charging-select-payment', component: ChargingSelectPaymentPage, access: 'guarded' },
  { path: '/charging-confirm-payment', component: ChargingConfirmPaymentPage, access: 'guarded' },
  { path: '/start-charging', component: StartChargingPage, access: 'guarded' },
  { path: '/charging-in-progress', component: ChargingInProgressPage, access: 'guarded' },
  { path: '/charging-completed', component: ChargingCompletedPage, access: 'guarded' },
  { path: '/variable-tariff', component: VariableTariffPage, access: 'guest-or-user' },
];
