import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');

interface PageBundle {
  route: string;
  jsGzipBytes: number;
  budgetGzipBytes?: number;
}

test('the sign-in page loads no more JavaScript before its first render than its budget', async () => {
  // The bench reads the build the browser tests run against (`npm run test:e2e` builds first).
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', resolve(root, 'bench', 'src', 'app-bundle.ts')],
    { cwd: root, maxBuffer: 16 * 1024 * 1024 },
  );
  const { pages } = JSON.parse(stdout) as { pages: PageBundle[] };
  const login = pages.find((page) => page.route === '/login');
  expect(login?.budgetGzipBytes).toBeGreaterThan(0);
  expect(login?.jsGzipBytes).toBeLessThanOrEqual(login?.budgetGzipBytes ?? 0);
});
