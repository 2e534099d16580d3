import { describe, expect, it } from 'vitest';
import { RESET_TOKEN_INVALID_MESSAGE, isResetTokenInvalidMessage } from './reset-password.ts';

describe('isResetTokenInvalidMessage (spec 000 §5)', () => {
  it.each([
    [RESET_TOKEN_INVALID_MESSAGE, true],
    ['Token is invalid', true],
    ['token invalid', true],
    ['Invalid token', true],
    ['INVALID RESET TOKEN', true],
    ['Password updated', false],
    ['Invalid password', false],
    ['Token expired', false],
    ['tokens are invalidated nightly', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (message, expected) => {
    expect(isResetTokenInvalidMessage(message)).toBe(expected);
  });
});
