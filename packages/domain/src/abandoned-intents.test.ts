import { describe, expect, it } from 'vitest';
import {
  HELD_INTENT_REUSE_GRACE_MS,
  isIntentAbandoned,
  isTopUpUnfinished,
} from './abandoned-intents.ts';

const HOUR = 60 * 60_000;
const limits = { abandonAfterMs: HOUR, heldReuseMs: 24 * HOUR };
const unused = { usedBySession: false, onSavedCard: false, purpose: 'charge' as const };

describe('isIntentAbandoned (ADR 0011)', () => {
  it.each([
    ['a wallet sheet closed 59 min ago', 'requires_payment_method', HOUR - 60_000, false],
    ['a wallet sheet closed an hour ago', 'requires_payment_method', HOUR, true],
    ['a card never confirmed, 2 h', 'requires_confirmation', 2 * HOUR, true],
    ['3-D Secure never finished, 2 h', 'requires_action', 2 * HOUR, true],
    ['a wallet hold no session used, 59 min', 'requires_capture', HOUR - 60_000, false],
    ['a wallet hold no session used, 1 h', 'requires_capture', HOUR, true],
    ['processing, 3 days', 'processing', 72 * HOUR, false],
    ['succeeded, 3 days', 'succeeded', 72 * HOUR, false],
    ['canceled, 3 days', 'canceled', 72 * HOUR, false],
  ])('%s: %s after %d ms → %s', (_label, status, ageMs, expected) => {
    expect(isIntentAbandoned({ ...unused, status, ageMs }, limits)).toBe(expected);
  });

  it.each([
    ['offered for reuse (2 h)', 2 * HOUR, false],
    ['just past the reuse limit, within the grace', 24 * HOUR + 60_000, false],
    ['past the reuse limit and its grace', 24 * HOUR + HELD_INTENT_REUSE_GRACE_MS, true],
  ])('a held card intent %s → %s', (_label, ageMs, expected) => {
    const held = { ...unused, onSavedCard: true, status: 'requires_capture', ageMs };
    expect(isIntentAbandoned(held, limits)).toBe(expected);
  });

  it.each([
    ['held', 'requires_capture'],
    ['waiting for the driver', 'requires_payment_method'],
  ])('an intent a session used is never abandoned (%s, a week old)', (_label, status) => {
    const used = { ...unused, usedBySession: true, onSavedCard: true, status, ageMs: 168 * HOUR };
    expect(isIntentAbandoned(used, limits)).toBe(false);
  });

  it('a top-up waiting for the driver is given up like a charge; a held top-up cannot exist', () => {
    const topup = { ...unused, purpose: 'topup' as const };
    expect(isIntentAbandoned({ ...topup, status: 'requires_action', ageMs: HOUR }, limits)).toBe(
      true,
    );
    expect(
      isIntentAbandoned({ ...topup, status: 'requires_capture', ageMs: 72 * HOUR }, limits),
    ).toBe(false);
  });
});

describe('isTopUpUnfinished (issue 19: a currency change waits for these)', () => {
  it.each([
    ['requires_payment_method', 'made, no card confirmed yet', true],
    ['requires_confirmation', 'made, not yet confirmed', true],
    ['requires_action', 'in its 3-D Secure challenge', true],
    ['processing', 'the bank is processing it', true],
    ['succeeded', 'on the balance already', false],
    ['canceled', 'will never arrive', false],
  ])('%s (%s): %s', (status, _wording, unfinished) => {
    expect(isTopUpUnfinished(status)).toBe(unfinished);
  });
});
