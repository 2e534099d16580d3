import { lazyPage } from '../../lib/lazy-page.ts';
import { asGuestRoutes } from '../../lib/guest-paths.ts';
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

const GuestConfirmedPaymentMethodPage = lazyPage(
  () => import('./guest-confirmed-payment-method-page.tsx'),
  'GuestConfirmedPaymentMethodPage',
);

/** spec 000 §2: the charging flow, guarded. */
const flowRoutes: FeatureRoute[] = [
  { path: '/charging-select-payment', component: ChargingSelectPaymentPage, access: 'guarded' },
  { path: '/charging-confirm-payment', component: ChargingConfirmPaymentPage, access: 'guarded' },
  { path: '/start-charging', component: StartChargingPage, access: 'guarded' },
  { path: '/charging-in-progress', component: ChargingInProgressPage, access: 'guarded' },
  { path: '/charging-completed', component: ChargingCompletedPage, access: 'guarded' },
];

/**
 * spec 000 §2: the flow's guest equivalents under /guest, and the guest's confirmed payment
 * method (open: a wallet or a bank's 3-D Secure page may bring the driver back to it); 001 §2: the
 * variable tariff, guests too.
 */
export const chargingRoutes: FeatureRoute[] = [
  ...flowRoutes,
  ...asGuestRoutes(flowRoutes),
  {
    path: '/guest-confirmed-payment-method',
    component: GuestConfirmedPaymentMethodPage,
    access: 'open',
  },
  { path: '/variable-tariff', component: VariableTariffPage, access: 'guest-or-user' },
];
