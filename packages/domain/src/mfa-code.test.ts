import { describe, expect, it } from 'vitest';
import { MFA_CODE_LENGTH, isMfaCode } from './mfa-code.ts';

describe('isMfaCode (spec 000 §5: 6 digits)', () => {
  it.each([
    ['123456', true],
    ['000000', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    [' 123456', false],
    ['123456\n', false],
    ['123 456', false],
    ['', false],
    ['١٢٣٤٥٦', false],
  ])('%j → %s', (text, expected) => {
    expect(isMfaCode(text)).toBe(expected);
  });

  it('codes are six long', () => {
    expect(MFA_CODE_LENGTH).toBe(6);
  });
});
