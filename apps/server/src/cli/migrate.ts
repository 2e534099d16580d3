import { runMigrateCli } from './migrate-cli.ts';

// Under npm scripts the process runs where the script lives; a relative DATA_DIR is meant from
// where npm was started, which npm passes as INIT_CWD.
process.exitCode = await runMigrateCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  cwd: process.env.INIT_CWD ?? process.cwd(),
});
