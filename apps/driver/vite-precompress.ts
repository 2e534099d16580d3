import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:m?js|css|html|svg|json|webmanifest|wasm|txt)$/;
// Below this a compressed body saves less than its headers and a round of decoding cost.
const SMALLEST_WORTH_COMPRESSING = 1024;

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const file = path.join(directory, entry);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/** Writes a brotli (.br) and a gzip (.gz) copy beside every text file of a built app. */
export function precompressDirectory(directory: string): number {
  let written = 0;
  for (const file of filesUnder(directory)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = readFileSync(file);
    if (body.length < SMALLEST_WORTH_COMPRESSING) continue;
    const brotli = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzipSync(body, { level: constants.Z_BEST_COMPRESSION }));
    written += 1;
  }
  return written;
}

/**
 * Compresses the built app once, when the build is written (after the service worker), so the
 * server sends precompressed bodies instead of compressing at each request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'evc-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        this.info(`precompressed ${precompressDirectory(outDir)} files in ${outDir}`);
      },
    },
  };
}
