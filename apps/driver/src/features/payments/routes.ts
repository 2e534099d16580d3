import { lazyPage } from '../../lib/lazy-page.ts';
import { asGuestRoutes } from '../../lib/guest-paths.ts';
import type { FeatureRoute } from '../../lib/routing.ts';

const AddPaymentMethodPage = lazyPage(
  () => import('./add-payment-method-page.tsx'),
  'AddPaymentMethodPage',
);
const ManagePaymentsPage = lazyPage(
  () => import('./manage-payments-page.tsx'),
  'ManagePaymentsPage',
);

const addCardRoute: FeatureRoute = {
  path: '/add-payment-method',
  component: AddPaymentMethodPage,
  access: 'guarded',
};

/** spec 000 §2: the driver's payment cards, guarded; a guest's add card under /guest. */
export const paymentRoutes: FeatureRoute[] = [
  addCardRoute,
  { path: '/manage-payments', component: ManagePaymentsPage, access: 'guarded' },
  ...asGuestRoutes([addCardRoute]),
];
