import type { FeatureRoute } from '../../lib/routing.ts';
import { ChangePasswordPage } from './change-password-page.tsx';
import { DeleteAccountPage } from './delete-account-page.tsx';
import { LanguagePage } from './language-page.tsx';
import { MfaPage } from './mfa-page.tsx';

/** spec 000 §2: the signed-in driver's account pages. */
export const accountRoutes: FeatureRoute[] = [
  { path: '/change-password', component: ChangePasswordPage, access: 'guarded' },
  { path: '/mfa', component: MfaPage, access: 'guarded' },
  { path: '/language', component: LanguagePage, access: 'guarded' },
  { path: '/delete-account', component: DeleteAccountPage, access: 'guarded' },
];
