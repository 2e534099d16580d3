// Runs every benchmark in src/ one after another, each in its own process, so one's memory and
// warm caches do not colour the next. Each prints its own JSON.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = path.join(import.meta.dirname, 'src');
const benchmarks = readdirSync(dir)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'summarise.ts')
  .sort();
let failed = false;
for (const file of benchmarks) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], {
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    process.stderr.write(`${file} failed with exit code ${String(run.status)}\n`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
