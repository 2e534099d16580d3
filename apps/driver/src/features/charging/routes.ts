import type { FeatureRoute } from '../../lib/routing.ts';
import { ChargingCompletedPage } from './charging-completed-page.tsx';
import { ChargingConfirmPaymentPage } from './charging-confirm-payment-page.tsx';
import { ChargingInProgressPage } from './charging-in-progress-page.tsx';
import { ChargingSelectPaymentPage } from './charging-select-payment-page.tsx';
import { StartChargingPage } from './start-charging-page.tsx';
import { VariableTariffPage } from './variable-tariff-page.tsx';

/** spec 000 §2: the charging flow, guarded; 001 §2: the variable tariff, guests too. */
export const chargingRoutes: FeatureRoute[] = [
  { path: '/charging-select-payment', component: ChargingSelectPaymentPage, access: 'guarded' },
  { path: '/charging-confirm-payment', component: ChargingConfirmPaymentPage, access: 'guarded' },
  { path: '/start-charging', component: StartChargingPage, access: 'guarded' },
  { path: '/charging-in-progress', component: ChargingInProgressPage, access: 'guarded' },
  { path: '/charging-completed', component: ChargingCompletedPage, access: 'guarded' },
  { path: '/variable-tariff', component: VariableTariffPage, access: 'guest-or-user' },
];
