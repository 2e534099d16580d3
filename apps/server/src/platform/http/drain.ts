// How a node stops without failing anyone (ADR 0034). Told to stop, it first says it is not ready
// and keeps serving until its load balancer has stopped sending it requests; only then does it
// close: chargers are asked to come back elsewhere, requests and OCPP calls in flight finish, and
// whatever is still open when the grace runs out is cut.
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

/** Paths a prober or a scraper asks: they do not count as traffic the balancer still sends. */
const PROBE_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** Without a request but probes for this long, the balancer has let go of the node. */
export const DEFAULT_QUIET_MS = 1000;

/** How often the wait for the balancer looks again. */
const LOOK_AGAIN_MS = 50;

export interface Drain {
  /** True from the moment the node was told to stop: /readyz answers 503. */
  draining: () => boolean;
  /**
   * Resolves once the balancer has let go of the node: no request but probes for the quiet time
   * and, if a prober asked /readyz before, at least one of its probes answered 503; at the latest
   * after `maxMs`. Starts the drain if it has not started.
   */
  noticed: (maxMs: number) => Promise<void>;
  /** Told by /readyz of each answer: whether it said ready. */
  probed: (ready: boolean) => void;
  /** Runs `cut` when the grace has run out: what it closes is closed at once. */
  onCut: (cut: () => void) => void;
  /** Cuts what is still open: the grace has run out. */
  cut: () => void;
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * Watches the app's requests for the drain (/readyz tells it of its answers). While draining,
 * every answer says `Connection: close`, so that the balancer keeps no idle connection to the node
 * that could meet its closing.
 */
export function registerDrain(
  app: FastifyInstance,
  options: { quietMs?: number; now?: () => number } = {},
): Drain {
  const now = options.now ?? (() => performance.now());
  const quietMs = options.quietMs ?? DEFAULT_QUIET_MS;
  let began: number | undefined;
  let lastRequest = Number.NEGATIVE_INFINITY;
  let probedBefore = false;
  let refusedProbes = 0;
  const cuts: (() => void)[] = [];

  // One hook on every request, the hot path's only cost of the drain.
  app.addHook('onRequest', (request, reply, done) => {
    if (!PROBE_PATHS.has(pathOf(request.url))) lastRequest = now();
    if (began !== undefined) void reply.header('connection', 'close');
    done();
  });

  const begin = () => {
    began ??= now();
  };
  const letGo = (start: number) =>
    now() - Math.max(lastRequest, start) >= quietMs && (!probedBefore || refusedProbes > 0);

  return {
    draining: () => began !== undefined,
    noticed(maxMs) {
      begin();
      const start = began ?? now();
      return new Promise((resolve) => {
        const look = () => {
          if (letGo(start) || now() - start >= maxMs) resolve();
          else setTimeout(look, LOOK_AGAIN_MS);
        };
        look();
      });
    },
    probed(ready) {
      if (began === undefined) probedBefore = true;
      else if (!ready) refusedProbes += 1;
    },
    onCut(cut) {
      cuts.push(cut);
    },
    cut() {
      for (const cut of cuts.splice(0)) cut();
    },
  };
}

export type StopOutcome = 'finished' | 'cut';

/**
 * Stops the app within `graceMs` of now: the drain first (at most half the grace), then the app's
 * close (chargers let go with 1012, requests in flight answered, then the modules' own closing).
 * Whatever is still open when the grace runs out is cut, and the close goes on from there.
 */
export async function stopWithin(
  app: FastifyInstance,
  drain: Drain,
  graceMs: number,
): Promise<StopOutcome> {
  const start = performance.now();
  await drain.noticed(graceMs / 2);
  let outcome: StopOutcome = 'finished';
  const left = Math.max(0, graceMs - (performance.now() - start));
  const timer = setTimeout(() => {
    outcome = 'cut';
    app.log.warn({ graceMs }, 'shutdown grace ran out: open connections cut');
    drain.cut();
    app.server.closeAllConnections();
  }, left);
  // A connection whose request was in flight when the close began stays open after its answer
  // until the keep-alive timeout: it is closed as soon as it is idle.
  const idle = setInterval(() => app.server.closeIdleConnections(), LOOK_AGAIN_MS);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
    clearInterval(idle);
  }
  return outcome;
}
