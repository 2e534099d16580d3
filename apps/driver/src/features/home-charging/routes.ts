import { lazyPage } from '../../lib/lazy-page.ts';
import type { FeatureRoute } from '../../lib/routing.ts';

const HomeChargersPage = lazyPage(() => import('./home-chargers-page.tsx'), 'HomeChargersPage');
const AddChargerPage = lazyPage(() => import('./add-charger-page.tsx'), 'AddChargerPage');
const TariffSetupPage = lazyPage(() => import('./tariff-setup-page.tsx'), 'TariffSetupPage');
const HomeChargerPage = lazyPage(() => import('./home-charger-page.tsx'), 'HomeChargerPage');
const ChargerSettingsPage = lazyPage(
  () => import('./charger-settings-page.tsx'),
  'ChargerSettingsPage',
);
const ChargerSchedulesPage = lazyPage(
  () => import('./charger-schedules-page.tsx'),
  'ChargerSchedulesPage',
);

/** spec 000 §2 home-charging (signed-in) and 001 §2's home-charging screens. */
export const homeChargingRoutes: FeatureRoute[] = [
  { path: '/home-charging', component: HomeChargersPage, access: 'guarded' },
  { path: '/home-charging/add', component: AddChargerPage, access: 'guarded' },
  { path: '/home-charging/charger/:id', component: HomeChargerPage, access: 'guarded' },
  { path: '/home-charging/charger/:id/tariff', component: TariffSetupPage, access: 'guarded' },
  {
    path: '/home-charging/charger/:id/settings',
    component: ChargerSettingsPage,
    access: 'guarded',
  },
  {
    path: '/home-charging/charger/:id/schedules',
    component: ChargerSchedulesPage,
    access: 'guarded',
  },
];
