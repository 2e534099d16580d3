// The security headers every answer carries, from helmet. They depend on its options alone,
// never on the request, so they are worked out once at start and set together on each answer
// (ADR 0037): helmet's own Fastify plugin ran its dozen middlewares, and a promise, per request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** What helmet sets on an answer with `options`, header names in lower case. */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error !== undefined) throw new Error('helmet refused its options', { cause: error });
      finished = true;
    },
  );
  if (!finished) throw new Error('helmet did not finish at once');
  return headers;
}

/** Sets `headers` on every answer of `app`, before anything else may change or remove one. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  headers: Readonly<Record<string, string>>,
): void {
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
