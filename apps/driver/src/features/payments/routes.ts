import type { FeatureRoute } from '../../lib/routing.ts';
import { AddPaymentMethodPage } from './add-payment-method-page.tsx';
import { ManagePaymentsPage } from './manage-payments-page.tsx';

/** spec 000 §2: the driver's payment cards, guarded. */
export const paymentRoutes: FeatureRoute[] = [
  { path: '/add-payment-method', component: AddPaymentMethodPage, access: 'guarded' },
  { path: '/manage-payments', component: ManagePaymentsPage, access: 'guarded' },
];
