import { beforeEach, describe, expect, it } from 'vitest';
import {
  isRootPage,
  previousAddress,
  recordVisit,
  resetVisits,
  visitedAddresses,
  type VisitKind,
} from './back-navigation.ts';

beforeEach(() => {
  resetVisits();
});

function visit(...steps: (string | [string, VisitKind])[]): void {
  for (const step of steps) {
    if (typeof step === 'string') recordVisit(step);
    else recordVisit(step[0], step[1]);
  }
}

describe('back navigation (spec 000 §2: a history of visited addresses; empty → root)', () => {
  it.each<[string, (string | [string, VisitKind])[], string]>([
    ['goes to the address visited before', ['/home', '/settings', '/edit-user'], '/settings'],
    [
      'keeps the query of the address before',
      ['/findcharger', '/charger-details?barcode=1001', '/charging-select-payment?barcode=1001'],
      '/charger-details?barcode=1001',
    ],
    ['goes to the root when the page was opened directly', ['/edit-user'], '/'],
    ['goes to the root when nothing was visited', [], '/'],
    ['counts a repeat of the same address once', ['/home', '/settings', '/settings'], '/home'],
    [
      'never leads back to an address that redirected',
      ['/', ['/home', 'replace'], '/settings'],
      '/home',
    ],
    [
      'follows a guard that sent the visitor on',
      ['/home', '/settings', ['/login', 'replace']],
      '/home',
    ],
    [
      'walks back with the browser’s own back',
      ['/home', '/settings', '/edit-user', ['/settings', 'pop']],
      '/home',
    ],
    [
      'treats the browser’s forward as a new visit',
      ['/home', '/settings', ['/home', 'pop'], ['/settings', 'pop']],
      '/home',
    ],
  ])('%s', (_, steps, expected) => {
    visit(...steps);
    expect(previousAddress()).toBe(expected);
  });

  it('walks back one address at a time, then to the root', () => {
    visit('/home', '/settings', '/manage-rfid-cards', '/add-rfid-by-code');
    expect(previousAddress()).toBe('/manage-rfid-cards');
    expect(previousAddress()).toBe('/settings');
    expect(previousAddress()).toBe('/home');
    expect(previousAddress()).toBe('/');
  });

  it('records nothing new when it goes to the address it gave', () => {
    visit('/home', '/settings', '/edit-user');
    const target = previousAddress();
    recordVisit(target, 'replace');
    expect(visitedAddresses()).toEqual(['/home', '/settings']);
  });
});

describe('root pages (issue 19: every page but the root pages gets a back button)', () => {
  it.each([
    ['/', true],
    ['/home', true],
    ['/home/', true],
    ['/login', true],
    ['/guest/guest-home', true],
    ['/update-app-page', true],
    ['/settings', false],
    ['/dashboard', false],
    ['/charger-details/1001', false],
    ['/register', false],
    ['/guest/findcharger', false],
  ])('%s is a root page: %s', (path, root) => {
    expect(isRootPage(path)).toBe(root);
  });
});
