import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isConsolePath, serveConsoleApp } from './console-app-files.ts';
import { SERVER_ROOT, type AppConfig } from './platform/config.ts';
import { API_PREFIX } from './platform/http/call-registrar.ts';

export const CAR_ASSETS_DIR = path.join(SERVER_ROOT, 'assets/cars');
const NON_APP_PREFIXES = [API_PREFIX, '/dev', '/ocpp', '/brand-icon', '/console'];

/**
 * The car pictures, the built driver app when there is one (its page for every route of its
 * own), the built support console under /console (console-app-files.ts), and a 404 in the wire's shape for everything else. Registered last: it answers what no
 * module's route did.
 */
export async function serveDriverApp(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(fastifyStatic, {
    root: CAR_ASSETS_DIR,
    prefix: `${API_PREFIX}/assets/cars/`,
    decorateReply: false,
    maxAge: '1d',
  });
  const appRoot = existsSync(path.join(config.staticDir, 'index.html'))
    ? config.staticDir
    : undefined;
  // Files are looked up on disk at each request (not listed once at start-up), so a rebuilt app
  // is served whole; what is not there falls through to the handler below.
  // The build writes .br and .gz beside each text file (apps/driver/scripts/precompress.mjs).
  if (appRoot) {
    await app.register(fastifyStatic, {
      root: appRoot,
      prefix: '/',
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', appFileCaching(path.relative(appRoot, filePath)));
      },
    });
  }
  const consolePage = await serveConsoleApp(app, config);
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (consolePage && request.method === 'GET' && isConsolePath(pathname)) {
      if (!isAssetPath(pathname.slice('/console'.length))) return consolePage(reply);
    }
    if (appRoot && request.method === 'GET' && isAppRoute(pathname) && !isAssetPath(pathname)) {
      return reply.sendFile('index.html', appRoot);
    }
    return reply
      .status(404)
      .send({ message: `No such call: ${request.method} ${pathname}`, code: 'NOT_FOUND' });
  });
}

/** A file the bundler named by its content: `assets/<name>-<8-character hash>.<extension>`. */
const HASHED_ASSET = /^assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+(?:\.map)?(?:\.br|\.gz)?$/;

/**
 * How long a browser may keep a file of the built app. A hashed file never changes under its
 * name, so it is kept a year without asking again; the page, the service worker, the translations
 * and every other file keep their names across builds, so they are checked at each use.
 */
export function appFileCaching(relativePath: string): string {
  const normalised = relativePath.split(path.sep).join('/');
  return HASHED_ASSET.test(normalised) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * A missing file of the built app (a script, a style, an image): answered 404, never the app's
 * page, which a browser would refuse as a script and show nothing.
 */
function isAssetPath(pathname: string): boolean {
  return (
    pathname.startsWith('/assets/') ||
    /\.(?:m?js|css|map|json|webmanifest|png|jpe?g|svg|webp|ico|woff2?|txt|wasm)$/i.test(pathname)
  );
}

/** Paths the driver app's router owns: anything outside the API, the dev pages and OCPP. */
function isAppRoute(pathname: string): boolean {
  return !NON_APP_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}
