// What a load balancer or an orchestrator asks a node: is the process answering (/healthz), and
// should it be sent traffic (/readyz). Neither needs a token; neither tells a version, a host or
// an address, only which part is failing.
import type { FastifyInstance } from 'fastify';

/** A part a node needs before it takes traffic, named in a 503 when it fails. */
export type ReadinessPart = 'draining' | 'database' | 'nats';

export interface ReadinessChecks {
  /** True once the node has begun to stop: it finishes what it holds and takes nothing new. */
  draining: () => boolean;
  /** Resolves when the database answers and holds every migration this build knows. */
  database: () => Promise<boolean>;
  /** False while a configured NATS is not connected; absent on a single node. */
  nats?: () => boolean;
  /** Told of every /readyz answer: whether it said ready (the drain counts the refusals). */
  answered?: (ready: boolean) => void;
}

/** How long a probe waits for the database before calling it failing. */
export const READINESS_TIMEOUT_MS = 2000;

function within<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The parts failing now, in a fixed order; none when the node is ready. */
export async function failingParts(
  checks: ReadinessChecks,
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<ReadinessPart[]> {
  const database = within(
    checks.database().catch(() => false),
    timeoutMs,
    false,
  );
  const failing: ReadinessPart[] = [];
  if (checks.draining()) failing.push('draining');
  if (!(await database)) failing.push('database');
  if (checks.nats && !checks.nats()) failing.push('nats');
  return failing;
}

export function registerHealth(app: FastifyInstance, checks: ReadinessChecks): void {
  const noStore = { 'cache-control': 'no-store' };
  app.get('/healthz', (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const failing = await failingParts(checks);
    checks.answered?.(failing.length === 0);
    if (failing.length === 0) return reply.headers(noStore).send({ status: 'ready' });
    return reply.status(503).headers(noStore).send({ status: 'not ready', failing });
  });
}
