import { lazyPage } from '../../lib/lazy-page.ts';
import type { FeatureRoute } from '../../lib/routing.ts';

const EditCardPage = lazyPage(() => import('./edit-card-page.tsx'), 'EditCardPage');
const EditUserPage = lazyPage(() => import('./edit-user-page.tsx'), 'EditUserPage');
const EmailPreferencesPage = lazyPage(
  () => import('./email-preferences-page.tsx'),
  'EmailPreferencesPage',
);
const SettingsPage = lazyPage(() => import('./settings-page.tsx'), 'SettingsPage');
const SupportPage = lazyPage(() => import('./support-page.tsx'), 'SupportPage');

/** spec 000 §2: settings and the driver's details, cards, e-mails and support. */
export const settingsRoutes: FeatureRoute[] = [
  { path: '/settings', component: SettingsPage, access: 'guarded' },
  { path: '/edit-user', component: EditUserPage, access: 'guarded' },
  { path: '/edit-card', component: EditCardPage, access: 'guarded' },
  { path: '/email-preferences', component: EmailPreferencesPage, access: 'guarded' },
  { path: '/support', component: SupportPage, access: 'guarded' },
];
