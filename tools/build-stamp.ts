// What `npm run build` produces, what each output is built from, and whether an output is older
// than its sources. Each output has a stamp: a hash of the contents of every file it is built
// from. It is up to date when its entry file is there and the sources still hash to its stamp;
// contents, not modification times, so a checkout, a copy or a touched file rebuilds nothing that
// did not change. Stamps live beside the installed packages, not in the folders the server serves.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '..');

export interface BuildOutput {
  name: 'driver' | 'console' | 'server';
  /** The npm workspace whose `build` script makes it. */
  workspace: string;
  /** The folder the build writes (and empties). */
  dist: string;
  /** A file every complete build of it has, in `dist`. */
  entry: string;
  /** Files and folders, from the repository root, whose contents the output is built from. */
  sources: string[];
}

/** Every workspace's dependencies come through the lock file; the shared packages are source. */
const SHARED = ['package-lock.json', 'tsconfig.base.json', 'packages'];

export const BUILD_OUTPUTS: BuildOutput[] = [
  {
    name: 'driver',
    workspace: 'apps/driver',
    dist: 'apps/driver/dist',
    entry: 'index.html',
    sources: ['apps/driver', ...SHARED],
  },
  {
    name: 'console',
    workspace: 'apps/console',
    dist: 'apps/console/dist',
    entry: 'index.html',
    sources: ['apps/console', ...SHARED],
  },
  {
    name: 'server',
    workspace: 'apps/server',
    dist: 'apps/server/dist',
    entry: 'main.js',
    sources: ['apps/server', 'tools/charger-sim', ...SHARED],
  },
];

/** Never part of a build: other outputs, installed packages, native projects, tests. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'dev-dist', 'android', 'ios', 'coverage']);
const SKIPPED_FILE = /\.test\.tsx?$/;

const STAMPS = path.join(REPOSITORY_ROOT, 'node_modules/.cache/evc-build');
const stampFile = (output: BuildOutput) => path.join(STAMPS, `${output.name}.sha256`);

function sourceFiles(relative: string, into: string[]): void {
  const full = path.join(REPOSITORY_ROOT, relative);
  if (!existsSync(full)) return;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith('.')) sourceFiles(child, into);
    } else if (entry.isFile() && !SKIPPED_FILE.test(entry.name)) {
      into.push(child);
    }
  }
}

/** The hash of the names and contents of every file `output` is built from. */
export function sourceHash(output: BuildOutput): string {
  const files: string[] = [];
  for (const source of output.sources) {
    const full = path.join(REPOSITORY_ROOT, source);
    if (!existsSync(full)) continue;
    if (statSync(full).isDirectory()) sourceFiles(source, files);
    else files.push(source);
  }
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    hash.update(file.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(path.join(REPOSITORY_ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function isUpToDate(output: BuildOutput): boolean {
  const stamp = stampFile(output);
  return (
    existsSync(path.join(REPOSITORY_ROOT, output.dist, output.entry)) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8').trim() === sourceHash(output)
  );
}

/** Forgets the stamp before a build, so that a build that fails half-way is never taken as done. */
export function removeStamp(output: BuildOutput): void {
  rmSync(stampFile(output), { force: true });
}

/** Records that `output` was just built from `hash` (taken before the build started). */
export function writeStamp(output: BuildOutput, hash: string): void {
  mkdirSync(STAMPS, { recursive: true });
  writeFileSync(stampFile(output), `${hash}\n`);
}

/** The outputs missing or older than their sources, by name. */
export function staleOutputs(): string[] {
  return BUILD_OUTPUTS.filter((output) => !isUpToDate(output)).map((output) => output.name);
}

/**
 * The node arguments `npm start` runs the built server with (apps/server/package.json's `start`,
 * from apps/server), for what starts a node as production does without npm in between: the
 * browser tests and the benchmarks.
 */
export function builtServerNodeArgs(): string[] {
  const manifest = JSON.parse(
    readFileSync(path.join(REPOSITORY_ROOT, 'apps/server/package.json'), 'utf8'),
  ) as { scripts?: { start?: string } };
  const words = (manifest.scripts?.start ?? '').split(/\s+/).filter(Boolean);
  const [command, ...args] = words[0] === 'exec' ? words.slice(1) : words;
  if (command !== 'node') throw new Error('apps/server start script: expected `exec node ARGS`');
  return args;
}
