import { lazyPage } from '../../lib/lazy-page.ts';
import type { FeatureRoute } from '../../lib/routing.ts';

const ChangePasswordPage = lazyPage(
  () => import('./change-password-page.tsx'),
  'ChangePasswordPage',
);
const DeleteAccountPage = lazyPage(() => import('./delete-account-page.tsx'), 'DeleteAccountPage');
const LanguagePage = lazyPage(() => import('./language-page.tsx'), 'LanguagePage');
const MfaPage = lazyPage(() => import('./mfa-page.tsx'), 'MfaPage');

/** spec 000 §2: the signed-in driver's account pages. */
export const accountRoutes: FeatureRoute[] = [
  { path: '/change-password', component: ChangePasswordPage, access: 'guarded' },
  { path: '/mfa', component: MfaPage, access: 'guarded' },
  { path: '/language', component: LanguagePage, access: 'guarded' },
  { path: '/delete-account', component: DeleteAccountPage, access: 'guarded' },
];
