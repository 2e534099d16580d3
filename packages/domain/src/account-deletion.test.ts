import { describe, expect, it } from 'vitest';
import { isDeletionConfirmed } from './account-deletion.ts';

describe('isDeletionConfirmed (spec 000 §2: the user types the word delete)', () => {
  it.each([
    ['delete', true],
    ['Delete', true],
    ['DELETE', true],
    ['  delete ', true],
    ['deleted', false],
    ['delete me', false],
    ['del', false],
    ['', false],
  ])('%j → %s', (text, expected) => {
    expect(isDeletionConfirmed(text)).toBe(expected);
  });
});
