// Bundles the server into dist/main.js, which plain `node` runs: our TypeScript (the server and
// the shared packages, which are consumed as source) in one ES module; every other package stays
// an import resolved from node_modules at run time, so native and WebAssembly packages
// (@node-rs/argon2, PGlite's wasm and data files, ocpp-rpc) load from where npm installed them.
// Migrations and the car pictures are read at run time from apps/server (SERVER_ROOT).
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const serverRoot = path.resolve(import.meta.dirname, '..');

const RESOLVING = Symbol('resolving');

/**
 * Keeps every package but ours (@evc/*) out of the bundle, imported by name. A deep import
 * without an extension into a package that has no "exports" (`ocpp-rpc/lib/errors`) works in
 * CommonJS and under tsx but not in Node's ES module resolution: it is written with the file
 * esbuild resolves it to (`ocpp-rpc/lib/errors.js`).
 */
const packagesStayInstalled: Plugin = {
  name: 'packages-stay-installed',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@evc/') || args.pluginData === RESOLVING) return undefined;
      const deep = /^(@[^/]+\/[^/]+|[^@/][^/]*)\/[^.]+$/.exec(args.path);
      if (!deep?.[1]) return { path: args.path, external: true };
      const name = deep[1];
      const resolved = await builder.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: RESOLVING,
      });
      const marker = `${path.sep}node_modules${path.sep}${name}${path.sep}`;
      const at = resolved.path.lastIndexOf(marker);
      if (resolved.errors.length > 0 || at < 0) return { path: args.path, external: true };
      const packageDir = resolved.path.slice(0, at + marker.length);
      const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
        exports?: unknown;
      };
      if (manifest.exports !== undefined) return { path: args.path, external: true };
      const file = resolved.path.slice(packageDir.length).split(path.sep).join('/');
      return { path: `${name}/${file}`, external: true };
    });
  },
};

rmSync(path.join(serverRoot, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: [path.join(serverRoot, 'src/main.ts')],
  // What the server imports only when configured (Stripe's provider) goes in chunks of its own,
  // loaded when first imported, as from source.
  outdir: path.join(serverRoot, 'dist'),
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'linked',
  legalComments: 'none',
  plugins: [packagesStayInstalled],
  logLevel: 'warning',
});
