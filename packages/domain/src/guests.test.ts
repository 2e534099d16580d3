import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from './constants.ts';
import { guestPurgeCutoff, isGuestPaymentMethod, isGuestPurgeDue } from './guests.ts';

const now = new Date('2026-11-26T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000);

describe('isGuestPaymentMethod (issue 15)', () => {
  it.each([
    ['PAYG', true],
    ['APPLEPAY', true],
    ['GOOGLEPAY', true],
    ['CREDIT', false],
    ['FUELCARD', false],
  ] as const)('%s: %s', (source, expected) => {
    expect(isGuestPaymentMethod(source)).toBe(expected);
  });

  it('answers for every payment method', () => {
    expect(PAYMENT_METHODS.filter(isGuestPaymentMethod)).toEqual(['PAYG', 'APPLEPAY', 'GOOGLEPAY']);
  });
});

describe('isGuestPurgeDue (ADR 0021)', () => {
  it.each([
    ['seen today, never charged', daysAgo(0), null, false, false],
    ['seen 89 days ago, never charged', daysAgo(89), null, false, false],
    ['seen 90 days ago, never charged', daysAgo(90), null, false, true],
    ['seen 120 days ago, charged 30 days ago', daysAgo(120), daysAgo(30), false, false],
    ['seen 120 days ago, charged 91 days ago', daysAgo(120), daysAgo(91), false, true],
    ['seen 200 days ago, a session still open', daysAgo(200), daysAgo(200), true, false],
  ])('%s: %s', (_, lastSeenAt, lastSessionAt, hasOpenSession, expected) => {
    expect(isGuestPurgeDue({ lastSeenAt, lastSessionAt, hasOpenSession, now })).toBe(expected);
  });

  it('the cut-off is 90 days before now', () => {
    expect(guestPurgeCutoff(now)).toEqual(daysAgo(90));
  });
});
