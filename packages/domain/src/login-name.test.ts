import { describe, expect, it } from 'vitest';
import { normaliseLoginName } from './login-name.ts';

describe('normaliseLoginName', () => {
  it.each([
    ['driver@example.com', 'driver@example.com'],
    ['  Driver@Example.com  ', 'driver@example.com'],
    ['DRIVER@EXAMPLE.COM', 'driver@example.com'],
    ['\tmixed.Case@Host.CO.UK\n', 'mixed.case@host.co.uk'],
    ['   ', ''],
    ['', ''],
  ])('%j becomes %j', (input, expected) => {
    expect(normaliseLoginName(input)).toBe(expected);
  });
});
