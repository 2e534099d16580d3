import { describe, expect, it } from 'vitest';
import { asGuestRoutes, guestPath, isGuestAddress, isGuestPage } from './guest-paths.ts';

describe('guest addresses (spec 000 §2, §4)', () => {
  it.each([
    ['/guest/guest-home', true],
    ['/guest-confirmed-payment-method', true],
    ['/reset/abc', true],
    ['/home', false],
    ['/login', false],
  ])('guest mode at %s: %s', (pathname, expected) => {
    expect(isGuestAddress(pathname)).toBe(expected);
  });

  it.each([
    ['/guest/charger-details', true],
    ['/guest', true],
    ['/guest-confirmed-payment-method', false],
    ['/charger-details', false],
  ])('%s is a guest equivalent page: %s', (pathname, expected) => {
    expect(isGuestPage(pathname)).toBe(expected);
  });

  it.each([
    ['/charger-details?barcode=1001', '/guest/charger-details?barcode=1001'],
    ['findcharger', '/guest/findcharger'],
    ['/guest/findcharger', '/guest/findcharger'],
  ])('guestPath(%s) = %s', (path, expected) => {
    expect(guestPath(path)).toBe(expected);
  });

  it('registers the guest equivalent of each route under /guest', () => {
    const Page = () => null;
    expect(asGuestRoutes([{ path: '/findcharger', component: Page, access: 'guarded' }])).toEqual([
      { path: '/guest/findcharger', component: Page, access: 'guest-or-user' },
    ]);
  });
});
