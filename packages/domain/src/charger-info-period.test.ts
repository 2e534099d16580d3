import { describe, expect, it } from 'vitest';
import { CHARGER_INFO_PERIODS, chargerInfoPeriod } from './charger-info-period.ts';

describe('spec 001 §2: charger info period tabs DAY (Today), WEEK, MONTH, YEAR', () => {
  it('offers the four tabs in the spec order', () => {
    expect(CHARGER_INFO_PERIODS).toEqual(['DAY', 'WEEK', 'MONTH', 'YEAR']);
  });

  it.each([
    ['DAY is DAY', 'DAY', 'DAY'],
    ['WEEK is WEEK', 'WEEK', 'WEEK'],
    ['MONTH is MONTH', 'MONTH', 'MONTH'],
    ['YEAR is YEAR', 'YEAR', 'YEAR'],
    ['an unknown value falls back to DAY', 'FORTNIGHT', 'DAY'],
    ['a value in another case is unknown, so DAY', 'week', 'DAY'],
    ['an empty value falls back to DAY', '', 'DAY'],
    ['no value falls back to DAY', null, 'DAY'],
  ] as const)('%s', (_wording, value, period) => {
    expect(chargerInfoPeriod(value)).toBe(period);
  });
});
