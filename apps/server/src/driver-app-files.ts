import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SERVER_ROOT, type AppConfig } from './platform/config.ts';
import { API_PREFIX } from './platform/http/call-registrar.ts';

export const CAR_ASSETS_DIR = path.join(SERVER_ROOT, 'assets/cars');
const NON_APP_PREFIXES = [API_PREFIX, '/dev', '/ocpp', '/brand-icon'];

/**
 * The car pictures, the built driver app when there is one (its page for every route of its
 * own), and a 404 in the wire's shape for everything else. Registered last: it answers what no
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
  if (appRoot) await app.register(fastifyStatic, { root: appRoot, prefix: '/' });
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (appRoot && request.method === 'GET' && isAppRoute(pathname) && !isAssetPath(pathname)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', appRoot);
    }
    return reply
      .status(404)
      .send({ message: `No such call: ${request.method} ${pathname}`, code: 'NOT_FOUND' });
  });
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
