// `npm run build`: builds the driver app, the support console and the server. With `--stale`
// (what `npm start` runs) it builds only those missing or older than their sources
// (build-stamp.ts), so a start after a build starts at once and a start after an edit rebuilds
// what the edit touched.
import { spawnSync } from 'node:child_process';
import {
  BUILD_OUTPUTS,
  REPOSITORY_ROOT,
  isUpToDate,
  removeStamp,
  sourceHash,
  writeStamp,
} from './build-stamp.ts';

const onlyStale = process.argv.includes('--stale');
for (const output of BUILD_OUTPUTS) {
  if (onlyStale && isUpToDate(output)) continue;
  const hash = sourceHash(output);
  removeStamp(output);
  process.stdout.write(`building the ${output.name} (${output.workspace})\n`);
  const run = spawnSync('npm', ['run', 'build', '--workspace', output.workspace], {
    cwd: REPOSITORY_ROOT,
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    process.stderr.write(`the ${output.name} did not build (exit code ${String(run.status)})\n`);
    process.exit(1);
  }
  writeStamp(output, hash);
}
