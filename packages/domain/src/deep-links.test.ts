import { describe, expect, it } from 'vitest';
import { deepLinkTarget, redirectChargerPath } from './deep-links.ts';

describe('deepLinkTarget (spec 000 §2)', () => {
  it.each([
    ['https://evcharge.app/completeRegistration/tok123', '/completeRegistration/tok123'],
    ['https://evcharge.app/completeRegistration/tok123?utm=mail', '/completeRegistration/tok123'],
    ['https://evcharge.app/reset/r-456', '/reset/r-456'],
    ['https://evcharge.app/app/reset/r-456/', '/reset/r-456'],
    ['https://evcharge.app/1234', '/charger-details?barcode=1234'],
    ['https://evcharge.app/c/5678', '/charger-details?barcode=5678'],
    ['https://evcharge.app/c/5678/', '/charger-details?barcode=5678'],
    ['https://evcharge.app/c/5678?src=qr#x', '/charger-details?barcode=5678'],
    ['https://evcharge.app/preset', '/charger-details?barcode=preset'],
    ['https://evcharge.app/c/A%20B', '/charger-details?barcode=A%20B'],
    ['https://evcharge.app/c/100%', '/charger-details?barcode=100%25'],
    ['https://evcharge.app/reset/a%2Fb', '/reset/a%2Fb'],
    ['https://evcharge.app/c/a&b', '/charger-details?barcode=a%26b'],
    ['https://evcharge.app/', null],
    ['https://evcharge.app', null],
    ['https://evcharge.app/reset', null],
    ['https://evcharge.app/completeRegistration/', null],
  ])('%s → %s', (url, expected) => {
    expect(deepLinkTarget(url)).toBe(expected);
  });
});

describe('redirectChargerPath (spec 000 §2)', () => {
  it.each([
    ['home/charging/charger/1234', '/charger-details/1234'],
    ['/home/charging/charger/1234', '/charger-details/1234'],
    ['/home/charging/charger/1234/', '/charger-details/1234'],
    ['/home/charging/charger/', null],
    ['/home/charging/charger/1234/extra', null],
    ['/charger-details/1234', null],
    ['/home', null],
  ])('%s → %s', (path, expected) => {
    expect(redirectChargerPath(path)).toBe(expected);
  });
});
