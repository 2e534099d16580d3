import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const driverDir = resolve(import.meta.dirname, '..', '..', 'apps', 'driver');

// Printed only by React's development builds: a production bundle holding one ships them all.
const DEVELOPMENT_ONLY_TEXTS = [
  'Download the React DevTools',
  'Each child in a list should have a unique',
];

/** React modules built for development in a build's source maps, and dev-only texts in its JS. */
function developmentReact(dist: string): string[] {
  const assets = join(dist, 'assets');
  const found: string[] = [];
  for (const file of readdirSync(assets)) {
    const path = join(assets, file);
    if (file.endsWith('.js.map')) {
      const { sources } = JSON.parse(readFileSync(path, 'utf8')) as { sources: string[] };
      for (const source of sources) {
        if (/\/(react|react-dom|scheduler)\/cjs\/[^/]+\.development\.js$/.test(source)) {
          found.push(`${file}: ${source}`);
        }
      }
    } else if (file.endsWith('.js')) {
      const code = readFileSync(path, 'utf8');
      for (const text of DEVELOPMENT_ONLY_TEXTS) {
        if (code.includes(text)) found.push(`${file}: "${text}"`);
      }
    }
  }
  return found;
}

describe("the app's build ships React's production build", () => {
  let outDir: string;

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'evc-build-'));
    // The shell of a developer or a CI job may say NODE_ENV=development; the build must not care.
    await promisify(execFile)('npm', ['run', 'build', '--', '--outDir', outDir, '--emptyOutDir'], {
      cwd: driverDir,
      env: { ...process.env, NODE_ENV: 'development' },
      maxBuffer: 64 * 1024 * 1024,
    });
  });

  afterAll(() => {
    rmSync(outDir, { recursive: true, force: true });
  });

  test('whatever NODE_ENV the shell has', () => {
    expect(developmentReact(outDir)).toEqual([]);
  });

  test('in the build the browser tests run against', () => {
    expect(developmentReact(join(driverDir, 'dist'))).toEqual([]);
  });
});
