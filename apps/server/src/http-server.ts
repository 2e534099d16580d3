import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './platform/config.ts';
import { registerErrorHandling } from './platform/errors.ts';
import { API_PREFIX } from './platform/http/call-registrar.ts';
import { isMasqueradeHost, masqueradeOriginFor, withoutMasqueradePrefix } from '@evc/domain';
import { isConsolePath } from './console-app-files.ts';
import {
  API_CONTENT_SECURITY_POLICY,
  appContentSecurityPolicy,
  consoleContentSecurityPolicy,
  masqueradeAppContentSecurityPolicy,
} from './platform/http/content-security-policy.ts';
import { CALL_METHODS, corsOriginAllowed } from './platform/http/cors-policy.ts';
import { loggerOptions } from './platform/logging.ts';
import { registerSecurityHeaders, securityHeaders } from './platform/http/security-headers.ts';

/**
 * The HTTP server every module's routes go on: zod schemas, errors in the wire's shape, security
 * headers, compression, CORS for the brands' origins, and rate limits for the calls that have one.
 */
export async function createHttpServer(
  config: AppConfig,
  options: { logger?: boolean | FastifyBaseLogger },
): Promise<FastifyInstance> {
  const app = Fastify({
    ...(typeof options.logger === 'object'
      ? { loggerInstance: options.logger }
      : { logger: options.logger === false ? false : loggerOptions(config) }),
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // Start-up hooks wait on the database (the chargers left connected are marked Offline, the
    // node announces itself): a database slow to answer delays readiness, it does not end the
    // start after Fastify's default 10 s. The ceiling only bounds a hang.
    pluginTimeout: 120_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  registerErrorHandling(app);

  registerSecurityHeaders(
    app,
    securityHeaders({
      // Set below: one policy for the app's pages and workers, another for everything else.
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      // Car pictures are shown by apps served from other origins (brand domains, the dev server).
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    }),
  );
  // Chosen by path, not by content type: a 304 has none, and its headers replace the cached
  // page's. The app's files get the app's policy (a worker runs under its script's).
  // The console frames the driver app on its host's support-masquerade origin (ADR 0023): both
  // policies name the other page's origin, taken from the host the page was asked for.
  const appPolicy = appContentSecurityPolicy(config.cspExtraOrigins);
  const extra = config.cspExtraOrigins ?? [];
  const pagePolicy = (request: FastifyRequest, reply: FastifyReply, pathname: string): string => {
    if (!isAppFile(pathname)) return API_CONTENT_SECURITY_POLICY;
    const host = request.host.toLowerCase();
    if (isConsolePath(pathname)) {
      return consoleContentSecurityPolicy(extra, masqueradeOriginFor(request.protocol, host));
    }
    if (isMasqueradeHost(host)) {
      // Its frame-ancestors names the console; a browser that reads X-Frame-Options instead would
      // refuse the frame, so that header goes on this host only.
      void reply.removeHeader('x-frame-options');
      return masqueradeAppContentSecurityPolicy(
        extra,
        `${request.protocol}://${withoutMasqueradePrefix(host)}`,
      );
    }
    return appPolicy;
  };
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) {
      const pathname = request.url.split('?')[0] ?? '/';
      void reply.header('content-security-policy', pagePolicy(request, reply, pathname));
    }
    return payload;
  });
  // Before the static plugins, so the built app is compressed too. Answers under 1 KB are not
  // worth it; the plugin's default types leave text/event-stream alone, so live events are not
  // held back in a compression buffer. Request bodies are taken as sent (no gzip uploads).
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
  });
  // Bearer tokens, no cookies; browsers may call from the brands' own origins only, with every
  // method the catalogue uses (PATCH and DELETE are not CORS-safelisted: they need a preflight).
  const originAllowed = corsOriginAllowed(config);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && originAllowed(origin)),
    methods: [...CALL_METHODS],
    maxAge: 600,
  });
  // Limits are counted by the calls that have one (platform/http/rate-limits.ts).
  await app.register(rateLimit, { global: false });
  return app;
}

/** The built app's pages and files, and the development mail pages: not the API's answers. */
function isAppFile(pathname: string): boolean {
  return ![API_PREFIX, '/ocpp', '/brand-icon', '/manifest.webmanifest'].some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}
