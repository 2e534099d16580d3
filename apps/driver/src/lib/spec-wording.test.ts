import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPEC_MESSAGES_EN, SPEC_MESSAGE_OPENINGS_EN, SUPPORTED_LANGUAGES } from '@evc/domain';

type Tree = { [key: string]: string | Tree };

function textAt(code: string, key: string): string | undefined {
  const file = join(import.meta.dirname, '..', '..', 'public', 'assets', 'i18n', `${code}.json`);
  let node: string | Tree | undefined = JSON.parse(readFileSync(file, 'utf8')) as Tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** spec 000 §8, 001 §5, §8: what the driver reads is the spec's sentence, word for word. */
describe('the specs’ messages on screen', () => {
  it.each(Object.entries(SPEC_MESSAGES_EN))('English %s is %j', (key, wording) => {
    expect(textAt('en', key)).toBe(wording);
  });

  it.each(Object.entries(SPEC_MESSAGE_OPENINGS_EN))('English %s opens with %j', (key, phrase) => {
    expect(textAt('en', key)?.startsWith(phrase)).toBe(true);
  });

  it.each(
    SUPPORTED_LANGUAGES.filter((code) => code !== 'en').flatMap((code) =>
      Object.keys(SPEC_MESSAGES_EN).map((key) => [code, key] as const),
    ),
  )('%s translates %s', (code, key) => {
    const text = textAt(code, key);
    expect(text?.trim()).toBeTruthy();
    // A full stop the spec puts at the end is kept in the translation.
    if (SPEC_MESSAGES_EN[key]?.endsWith('.')) expect(text).toMatch(/[.。]$/);
  });
});
