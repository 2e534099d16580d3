import {
  barChartOutline,
  personAddOutline,
  cashOutline,
  flashOutline,
  homeOutline,
  mapOutline,
  playCircleOutline,
  settingsOutline,
  timeOutline,
} from 'ionicons/icons';

export interface MenuLink {
  kind: 'link';
  path: string;
  labelKey: string;
  icon: string;
  /** Permission or feature name gating the entry (spec 000 §6). */
  permission?: string;
}

export interface MenuAction {
  kind: 'video';
  labelKey: string;
  icon: string;
  permission: string;
}

export type MenuEntry = MenuLink | MenuAction;

/**
 * spec 000 §2: the side menu's links, exactly the spec's list (account pages such as RFID cards,
 * MFA, password, language, terms and deletion are reached from settings); links show only when
 * their page is registered.
 */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  { kind: 'link', path: '/dashboard', labelKey: 'shell.nav.dashboard', icon: barChartOutline },
  { kind: 'link', path: '/home', labelKey: 'shell.nav.home', icon: homeOutline },
  { kind: 'link', path: '/findcharger', labelKey: 'shell.nav.findcharger', icon: mapOutline },
  { kind: 'link', path: '/chargehistory', labelKey: 'shell.nav.chargehistory', icon: timeOutline },
  { kind: 'link', path: '/settings', labelKey: 'shell.nav.settings', icon: settingsOutline },
  {
    kind: 'link',
    path: '/home-charging',
    labelKey: 'shell.nav.homeCharging',
    icon: flashOutline,
    permission: 'HOME_CHARGING',
  },
  {
    kind: 'link',
    path: '/balance',
    labelKey: 'shell.nav.balance',
    icon: cashOutline,
    permission: 'CREDIT',
  },
  {
    kind: 'video',
    labelKey: 'shell.nav.howToVideo',
    icon: playCircleOutline,
    permission: 'HOW_TO_VIDEO',
  },
];

/**
 * Issue 15: what a guest may use — the guest home, finding a charger, and making an account (which
 * takes the guest's charges along). Logout and the language follow as for everyone.
 */
export const GUEST_MENU_ENTRIES: readonly MenuLink[] = [
  { kind: 'link', path: '/guest/guest-home', labelKey: 'shell.nav.home', icon: homeOutline },
  { kind: 'link', path: '/guest/findcharger', labelKey: 'shell.nav.findcharger', icon: mapOutline },
  { kind: 'link', path: '/register', labelKey: 'shell.nav.createAccount', icon: personAddOutline },
];
