import { lazyPage } from '../../lib/lazy-page.ts';
import type { FeatureRoute } from '../../lib/routing.ts';

const AddPaymentMethodPage = lazyPage(
  () => import('./add-payment-method-page.tsx'),
  'AddPaymentMethodPage',
);
const ManagePaymentsPage = lazyPage(
  () => import('./manage-payments-page.tsx'),
  'ManagePaymentsPage',
);

/** spec 000 §2: the driver's payment cards, guarded. */
export const paymentRoutes: FeatureRoute[] = [
  { path: '/add-payment-method', component: AddPaymentMethodPage, access: 'guarded' },
  { path: '/manage-payments', component: ManagePaymentsPage, access: 'guarded' },
];
