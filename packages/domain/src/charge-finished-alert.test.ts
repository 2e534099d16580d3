import { describe, expect, it } from 'vitest';
import { isChargeFinishedAlertDue } from './charge-finished-alert.ts';

describe('isChargeFinishedAlertDue (ADR 0009)', () => {
  it.each([
    ['off: never mailed', { enabled: false, threshold: 0 }, 5000, false],
    ['on with 0: every charge, even a free one', { enabled: true, threshold: 0 }, 0, true],
    ['on with 500: a £5.00 charge is mailed', { enabled: true, threshold: 500 }, 500, true],
    ['on with 500: a £4.99 charge is not', { enabled: true, threshold: 500 }, 499, false],
    ['on with 1000: a £12.34 charge is mailed', { enabled: true, threshold: 1000 }, 1234, true],
  ])('%s', (_, preference, cost, expected) => {
    expect(isChargeFinishedAlertDue(preference, cost)).toBe(expected);
  });
});
