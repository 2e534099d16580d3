import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MIN_LENGTH,
  isPasswordStrongEnough,
  isPasswordWeak,
  passwordBarColours,
  passwordWarningDisplay,
  type PasswordStrength,
} from './password.ts';

describe('passwordBarColours (spec 001 §5: 0 or 1 red, 2 amber, 3 or 4 green, unreached grey)', () => {
  it.each<[PasswordStrength, string[]]>([
    [0, ['red', 'grey', 'grey', 'grey', 'grey']],
    [1, ['red', 'red', 'grey', 'grey', 'grey']],
    [2, ['amber', 'amber', 'amber', 'grey', 'grey']],
    [3, ['green', 'green', 'green', 'green', 'grey']],
    [4, ['green', 'green', 'green', 'green', 'green']],
  ])('strength %i → %j', (strength, colours) => {
    expect(passwordBarColours(strength)).toEqual(colours);
  });
});

describe('passwordWarningDisplay (spec 001 §5)', () => {
  it.each([
    ['no warnings', [], { kind: 'none' }],
    ['only blank warnings', ['', '  '], { kind: 'none' }],
    [
      'one warning is shown inline',
      ['This is a top-10 common password'],
      {
        kind: 'single',
        text: 'This is a top-10 common password',
      },
    ],
    [
      'one real warning among blanks',
      ['', 'Add another word or two'],
      {
        kind: 'single',
        text: 'Add another word or two',
      },
    ],
    ['more than one shows a count', ['Too short', 'Common word'], { kind: 'many', count: 2 }],
    ['three warnings', ['a', 'b', 'c'], { kind: 'many', count: 3 }],
  ])('%s', (_label, warnings, expected) => {
    expect(passwordWarningDisplay(warnings)).toEqual(expected);
  });
});

describe('password strength threshold', () => {
  it.each<[PasswordStrength, boolean]>([
    [0, false],
    [1, false],
    [2, false],
    [3, true],
    [4, true],
  ])('strength %i strong enough: %s', (strength, expected) => {
    expect(isPasswordStrongEnough(strength)).toBe(expected);
  });

  it.each<[string, PasswordStrength, boolean]>([
    ['Xk9!pq2Z', 4, false],
    ['Xk9!pq2', 4, true],
    ['correct horse battery staple', 2, true],
    ['correct horse battery staple', 3, false],
    ['', 0, true],
  ])('isPasswordWeak(%j, %i) is %s', (password, strength, expected) => {
    expect(isPasswordWeak(password, strength)).toBe(expected);
  });

  it('recommends 8 or more characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
  });
});
