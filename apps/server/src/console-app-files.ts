import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from './platform/config.ts';

/** Where the support console is served (issue 18, ADR 0023). */
export const CONSOLE_PREFIX = '/console';

export function isConsolePath(pathname: string): boolean {
  return pathname === CONSOLE_PREFIX || pathname.startsWith(`${CONSOLE_PREFIX}/`);
}

/** Answers the console's page for a route of its own router. */
export type ConsolePage = (reply: FastifyReply) => Promise<FastifyReply>;

/**
 * The built support console under /console, when there is one: its files, and its page for every
 * route of its own (`/console`, `/console/drivers/…`). Files are read at each request, so a
 * rebuilt console is served whole.
 */
export async function serveConsoleApp(
  app: FastifyInstance,
  config: AppConfig,
): Promise<ConsolePage | undefined> {
  const root = config.consoleDir;
  if (!existsSync(path.join(root, 'index.html'))) return undefined;
  await app.register(fastifyStatic, {
    root,
    prefix: `${CONSOLE_PREFIX}/`,
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      // The bundler names every file but the page by its content.
      const hashed = path.relative(root, filePath).startsWith(`assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return async (reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await readFile(path.join(root, 'index.html')));
}
