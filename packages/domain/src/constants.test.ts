import { describe, expect, it } from 'vitest';
import {
  ANCHOR_OFFSET_PX,
  DEBOUNCE_MS,
  DEFAULT_COUNTRY,
  DEFAULT_CURRENCY,
  DEFAULT_PREAUTH_MINOR,
  DEFAULT_TOPUP_MINOR,
  PAYMENT_METHODS,
  REGISTRATION_CURRENCY_CHOICES,
  SERVICE_WORKER_FALLBACK_MS,
  TERMS_MODAL_HEIGHT,
  TOPUP_QUICK_AMOUNTS,
} from './constants.ts';

describe('business constants (spec 000 §2, §9; 001 §9)', () => {
  it.each<[string, unknown, unknown]>([
    ['default pre-authorisation: 3000 minor units', DEFAULT_PREAUTH_MINOR, 3000],
    ['default top-up: 3000 minor units', DEFAULT_TOPUP_MINOR, 3000],
    ['default currency gbp', DEFAULT_CURRENCY, 'gbp'],
    ['default country GB', DEFAULT_COUNTRY, 'GB'],
    ['quick amounts 5, 10, 25, 50', TOPUP_QUICK_AMOUNTS, [5, 10, 25, 50]],
    ['payment methods', PAYMENT_METHODS, ['CREDIT', 'FUELCARD', 'PAYG', 'APPLEPAY', 'GOOGLEPAY']],
    ['service worker after 30000 ms', SERVICE_WORKER_FALLBACK_MS, 30000],
    ['anchor offset 64', ANCHOR_OFFSET_PX, 64],
    ['debounce 1000 ms', DEBOUNCE_MS, 1000],
    ['terms modal 80% height', TERMS_MODAL_HEIGHT, '80%'],
    ['registration currencies', REGISTRATION_CURRENCY_CHOICES, ['gbp', 'usd', 'eur', 'other']],
  ])('%s', (_label, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});
