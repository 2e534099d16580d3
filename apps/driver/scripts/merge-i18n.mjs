// Merges translation fragments into public/assets/i18n/{lang}.json.
// Usage: node scripts/merge-i18n.mjs fragment.json   where fragment.json is { "en": {...}, "fr": {...}, ... }
import { readFileSync, writeFileSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'assets', 'i18n');
const languages = ['en', 'fr', 'cy', 'es', 'it'];

function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deepMerge(target, source) {
  for (const [key, value] of Object.entries(source)) {
    target[key] = isObject(value) && isObject(target[key]) ? deepMerge(target[key], value) : value;
  }
  return target;
}

const fragment = JSON.parse(readFileSync(process.argv[2], 'utf8'));
for (const lang of languages) {
  if (!fragment[lang]) throw new Error(`fragment has no "${lang}" section`);
}
for (const lang of languages) {
  const file = join(dir, `${lang}.json`);
  const current = JSON.parse(readFileSync(file, 'utf8'));
  const merged = deepMerge(current, fragment[lang]);
  writeFileSync(`${file}.tmp`, JSON.stringify(merged, null, 2) + '\n');
  renameSync(`${file}.tmp`, file);
}
console.log(`merged ${process.argv[2]} into ${languages.length} languages`);
