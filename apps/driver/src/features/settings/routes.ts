import type { FeatureRoute } from '../../lib/routing.ts';
import { EditCardPage } from './edit-card-page.tsx';
import { EditUserPage } from './edit-user-page.tsx';
import { EmailPreferencesPage } from './email-preferences-page.tsx';
import { SettingsPage } from './settings-page.tsx';
import { SupportPage } from './support-page.tsx';

/** spec 000 §2: settings and the driver's details, cards, e-mails and support. */
export const settingsRoutes: FeatureRoute[] = [
  { path: '/settings', component: SettingsPage, access: 'guarded' },
  { path: '/edit-user', component: EditUserPage, access: 'guarded' },
  { path: '/edit-card', component: EditCardPage, access: 'guarded' },
  { path: '/email-preferences', component: EmailPreferencesPage, access: 'guarded' },
  { path: '/support', component: SupportPage, access: 'guarded' },
];
