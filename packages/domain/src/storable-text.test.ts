import { describe, expect, it } from 'vitest';
import { isStorableText } from './storable-text.ts';

describe('isStorableText', () => {
  it.each([
    ['plain text', 'Station Road', true],
    ['empty text', '', true],
    ['a whole surrogate pair (an emoji)', 'Car \uD83D\uDE97', true],
    ['accents and Welsh letters', 'Ŵyn â ŷ', true],
    ['a NUL character', 'a\u0000b', false],
    ['a high surrogate alone', 'a\uD83Db', false],
    ['a low surrogate alone', 'a\uDE97b', false],
    ['a high surrogate at the end', 'abc\uD83D', false],
    ['two high surrogates', '\uD83D\uD83D', false],
  ])('%s: %s', (_what, value, storable) => {
    expect(isStorableText(value)).toBe(storable);
  });
});
