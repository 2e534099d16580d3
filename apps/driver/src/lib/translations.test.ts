import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '@evc/domain';

const root = join(import.meta.dirname, '..', '..');
type Tree = { [key: string]: string | Tree };

function load(code: string): Tree {
  return JSON.parse(
    readFileSync(join(root, 'public', 'assets', 'i18n', `${code}.json`), 'utf8'),
  ) as Tree;
}

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [inner, text] of leaves(value, path)) found.set(inner, text);
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function fragmentFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return fragmentFiles(path);
    return name === 'i18n.json' ? [path] : [];
  });
}

const english = leaves(load('en'));

describe('translations (all five languages)', () => {
  it.each(SUPPORTED_LANGUAGES.filter((code) => code !== 'en'))(
    '%s has exactly the English keys, each filled',
    (code) => {
      const other = leaves(load(code));
      expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of other) expect(text.trim(), key).not.toBe('');
    },
  );

  it.each(SUPPORTED_LANGUAGES.filter((code) => code !== 'en'))(
    '%s keeps every {{placeholder}} of the English text',
    (code) => {
      const other = leaves(load(code));
      for (const [key, text] of english) {
        const placeholders = text.match(/\{\{\w+\}\}/g) ?? [];
        for (const placeholder of placeholders) expect(other.get(key), key).toContain(placeholder);
      }
    },
  );

  it('every literal key the app asks for exists', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(join(root, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z][\w.-]*\.[\w.-]+)'/g)) {
        const key = match[1] ?? '';
        const isPlural = english.has(`${key}_one`) || english.has(`${key}_other`);
        if (!english.has(key) && !isPlural) missing.push(`${key} (${file.slice(root.length)})`);
      }
    }
    expect(missing).toEqual([]);
  });

  // Groups the app asks for key by key, or through a `${prefix}.${…}` template: a text in them
  // that no code asks for is dead weight every language carries.
  it.each(['home.links', 'charging.confirm'])('every %s text is one the app asks for', (group) => {
    const source = sourceFiles(join(root, 'src'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const quoted = new Set(
      [...source.matchAll(/['"`]([a-zA-Z][\w-]*(?:\.[\w-]+)+)['"`]/g)].map((match) => match[1]),
    );
    const templatePrefixes = [...source.matchAll(/`([a-zA-Z][\w-]*(?:\.[\w-]+)*)\.\$\{/g)].map(
      (match) => `${match[1]}.`,
    );
    const unasked = [...english.keys()].filter(
      (key) =>
        key.startsWith(`${group}.`) &&
        !quoted.has(key) &&
        !templatePrefixes.some((prefix) => key.startsWith(prefix)),
    );
    expect(unasked).toEqual([]);
  });

  it.each(SUPPORTED_LANGUAGES)(
    '%s holds every text of the features’ i18n.json fragments',
    (code) => {
      const served = leaves(load(code));
      const stale: string[] = [];
      for (const file of fragmentFiles(join(root, 'src'))) {
        const fragment = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Tree>;
        for (const [key, text] of leaves(fragment[code] ?? {})) {
          if (served.get(key) !== text) stale.push(`${key} (${file.slice(root.length)})`);
        }
      }
      // A fragment edited but not merged (scripts/merge-i18n.mjs) never reaches the driver.
      expect(stale).toEqual([]);
    },
  );
});
