import { lazyPage } from '../../lib/lazy-page.ts';
import type { FeatureRoute } from '../../lib/routing.ts';

const CompleteRegistrationPage = lazyPage(
  () => import('./complete-registration-page.tsx'),
  'CompleteRegistrationPage',
);
const EmailSentPage = lazyPage(() => import('./email-sent-page.tsx'), 'EmailSentPage');
const LoginPage = lazyPage(() => import('./login-page.tsx'), 'LoginPage');
const RegisterPage = lazyPage(() => import('./register-page.tsx'), 'RegisterPage');
const ResetPage = lazyPage(() => import('./reset-page.tsx'), 'ResetPage');
const ResetPasswordPage = lazyPage(() => import('./reset-password-page.tsx'), 'ResetPasswordPage');

/**
 * spec 000 §2: the sign-in pages, all open. The navigation is hidden on login, register,
 * reset-password and reset pages; the e-mail-sent and completion pages keep the top bar.
 * /completeRegistration/{token} and /reset/{token} are also where deep links land (app/deep-links).
 */
export const authRoutes: FeatureRoute[] = [
  { path: '/login', component: LoginPage, access: 'open', hideNav: true },
  { path: '/register', component: RegisterPage, access: 'open', hideNav: true },
  { path: '/email-sent', component: EmailSentPage, access: 'open' },
  { path: '/completeRegistration/:token', component: CompleteRegistrationPage, access: 'open' },
  { path: '/reset-password', component: ResetPasswordPage, access: 'open', hideNav: true },
  { path: '/reset/:token', component: ResetPage, access: 'open', hideNav: true },
];
