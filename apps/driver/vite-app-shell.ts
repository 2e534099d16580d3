// What every screen of the built app needs before its first render (the app shell), read from
// the build's manifest (`build.manifest`): the entry chunk, every chunk it imports statically and
// their styles. The service worker precaches these and nothing else; bench/src/app-bundle.ts
// measures the same closure per page.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

export function readBuildManifest(dist: string): BuildManifest {
  return JSON.parse(
    readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
  ) as BuildManifest;
}

/** The manifest keys `roots` need before they run: themselves and all they import statically. */
export function staticClosure(manifest: BuildManifest, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return [...seen];
}

/** The build's entry chunk's manifest key. */
export function entryKey(manifest: BuildManifest): string {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.isEntry);
  if (!key) throw new Error("the build's manifest has no entry");
  return key;
}

/** The files (paths in `dist`) of the app shell: the entry's closure and its styles. */
export function appShellFiles(manifest: BuildManifest): Set<string> {
  const files = new Set<string>();
  for (const key of staticClosure(manifest, [entryKey(manifest)])) {
    const chunk = manifest[key];
    if (!chunk) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return files;
}
