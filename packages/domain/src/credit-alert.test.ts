import { describe, expect, it } from 'vitest';
import { isCreditLowAlertDue } from './credit-alert.ts';

describe('isCreditLowAlertDue (issue 5: on, and the balance falls below its threshold)', () => {
  it.each([
    ['falls from above to below', true, 500, 1200, 300, true],
    ['falls from exactly the threshold to below', true, 500, 500, 499, true],
    ['falls to exactly the threshold (not below)', true, 500, 800, 500, false],
    ['stays above', true, 500, 1200, 900, false],
    ['was already below', true, 500, 400, 100, false],
    ['the alert is off', false, 500, 1200, 300, false],
    ['threshold 0: goes into debt', true, 0, 200, -100, true],
    ['threshold 0: stays at 0', true, 0, 0, 0, false],
    ['a rise across the threshold', true, 500, 300, 1300, false],
  ])('%s → %s', (_case, enabled, threshold, before, after, expected) => {
    expect(
      isCreditLowAlertDue({
        preference: { enabled, threshold },
        availableBeforeMinor: before,
        availableAfterMinor: after,
      }),
    ).toBe(expected);
  });
});
