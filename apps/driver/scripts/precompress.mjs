// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the built app, once at
// build time, so the server sends compressed bodies without compressing at each request.
// Usage: node scripts/precompress.mjs [dist]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const compressible = /\.(?:m?js|css|html|svg|json|webmanifest|wasm|txt)$/;
// Below this a compressed body saves less than its headers and a round of decoding cost.
const smallestWorthCompressing = 1024;

function* filesUnder(directory) {
  for (const entry of readdirSync(directory)) {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

let written = 0;
for (const path of filesUnder(dist)) {
  if (!compressible.test(path)) continue;
  const body = readFileSync(path);
  if (body.length < smallestWorthCompressing) continue;
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  );
  writeFileSync(`${path}.gz`, gzipSync(body, { level: constants.Z_BEST_COMPRESSION }));
  written += 1;
}
console.log(`precompressed ${written} files in ${dist}`);
