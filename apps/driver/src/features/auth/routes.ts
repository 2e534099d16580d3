import type { FeatureRoute } from '../../lib/routing.ts';
import { CompleteRegistrationPage } from './complete-registration-page.tsx';
import { EmailSentPage } from './email-sent-page.tsx';
import { LoginPage } from './login-page.tsx';
import { RegisterPage } from './register-page.tsx';
import { ResetPage } from './reset-page.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

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
