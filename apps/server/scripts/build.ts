// Bundles the server into dist/main.js, which plain `node` runs (ADR 0032), and its migration
// command into dist/cli/migrate.js: our TypeScript (the
// server and the shared packages, consumed as source) and the installed pure-JavaScript packages
// in one ES module, so a start resolves a few files instead of hundreds. A few packages stay
// installed and are imported from node_modules at run time: those with native or WebAssembly
// parts or files read beside their own modules, and those loaded only when configured.
// Migrations and the car pictures are read at run time from apps/server (SERVER_ROOT).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverRoot = path.resolve(import.meta.dirname, '..');

const KEPT_INSTALLED = [
  // a native module per platform
  '@node-rs/argon2',
  // its WebAssembly and data files, found beside its modules
  '@electric-sql/pglite',
  // its optional native binding (pg-native), looked up at run time
  'pg',
  // worker files for transports, found beside its modules
  'pino',
  // CommonJS imported with import(): bundled, esbuild would answer only a default export
  '@zxcvbn-ts/core',
  '@zxcvbn-ts/language-common',
  '@zxcvbn-ts/language-en',
  // loaded only with STRIPE_SECRET_KEY, SMTP_URL or NATS_URL, which the browser tests never set:
  // kept as npm installed them rather than run first in a bundled form
  'stripe',
  'nodemailer',
  'nats',
];

rmSync(path.join(serverRoot, 'dist'), { recursive: true, force: true });
await build({
  // dist/main.js, the node; dist/cli/migrate.js, an upgrade's first step (docs/operations.md).
  entryPoints: [path.join(serverRoot, 'src/main.ts'), path.join(serverRoot, 'src/cli/migrate.ts')],
  outbase: path.join(serverRoot, 'src'),
  // What the server imports only when it needs it (PGlite's driver, Stripe's provider, the
  // password dictionaries) goes in chunks of its own, loaded when first imported.
  outdir: path.join(serverRoot, 'dist'),
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'linked',
  legalComments: 'none',
  external: KEPT_INSTALLED,
  // Bundled CommonJS packages require Node's built-ins and the packages kept installed.
  banner: {
    js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
  },
  logLevel: 'warning',
});
