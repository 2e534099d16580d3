import type { OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** A comment this often keeps proxies from closing an idle stream. */
export const KEEP_ALIVE_MS = 25_000;

export interface EventStream {
  /** Writes one Server-Sent Event: its name and its data as JSON. */
  send(event: string, data: unknown): void;
  /** Runs `cleanup` when the client leaves (unsubscribes what feeds the stream). */
  onClose(cleanup: () => void): void;
}

/** The streams open on each HTTP server, ended when its app closes. */
const openStreams = new WeakMap<Server, Set<ServerResponse>>();

/**
 * Ends the app's open streams as it begins to close, rather than waiting for their clients to
 * leave: each client reconnects, through the balancer, to a node that is still up (ADR 0034).
 */
export function endEventStreamsOnClose(app: FastifyInstance): void {
  app.addHook('preClose', (done) => {
    for (const raw of openStreams.get(app.server) ?? []) raw.end();
    done();
  });
}

/**
 * Turns the reply into a Server-Sent Events stream that stays open until the client leaves. The
 * headers go at once: the client knows the stream is open before the first event or keep-alive.
 */
export function openEventStream(reply: FastifyReply, keepAliveMs = KEEP_ALIVE_MS): EventStream {
  // The headers the reply was given so far (security headers, CORS) go with the stream's own:
  // a hijacked reply writes none of them itself.
  const given: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) given[name] = value;
  }
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...given,
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.flushHeaders();
  const server = reply.server.server;
  const open = openStreams.get(server) ?? new Set<ServerResponse>();
  openStreams.set(server, open);
  open.add(raw);
  raw.on('close', () => open.delete(raw));
  const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), keepAliveMs);
  raw.on('close', () => clearInterval(keepAlive));
  return {
    send: (event, data) => raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    onClose: (cleanup) => {
      raw.on('close', cleanup);
    },
  };
}
