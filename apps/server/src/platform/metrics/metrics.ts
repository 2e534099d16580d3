// What a node tells Prometheus (GET /metrics, behind METRICS_TOKEN): every label takes its values
// from a bounded set (a route as registered, a method, a status code, a state, an outcome), never
// a charger's identity, a user or an address, so no series grows with the network.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import { performance } from 'node:perf_hooks';
import { BusTimeoutError, NoResponderError, type Bus } from '../bus/bus.ts';
import type { PoolUse } from '../db/database.ts';
import {
  chargerActionLabel,
  commandActionLabel,
  COMMAND_OUTCOMES,
  ocppErrorCodeLabel,
  PAYMENT_OPERATIONS,
  PAYMENT_OUTCOMES,
  paymentProviderLabel,
  STATEMENT_KINDS,
  type CommandObserver,
  type OcppMessageObserver,
  type PaymentObserver,
  type StatementObserver,
} from './observers.ts';

export interface MetricsSources {
  /** The database pool (PostgreSQL only). */
  poolUse?: () => PoolUse;
  /** Charging sessions not yet ended, by state. */
  openSessionsByState?: () => Promise<Record<string, number>>;
  /** Chargers holding a socket on this node. */
  connectedChargers?: () => number;
}

export type BusOutcome = 'answered' | 'no_responder' | 'timeout' | 'failed';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const HANDLING_BUCKETS = [0.001, 0.0025, ...LATENCY_BUCKETS];
const STATEMENT_BUCKETS = [0.0005, 0.001, 0.0025, ...LATENCY_BUCKETS.slice(0, -2)];
/** A charger has 30 s to answer a command unless told otherwise. */
const COMMAND_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** `value` when it is one of `values`, else `other`. */
const oneOf = (values: readonly string[], value: string) =>
  values.includes(value) ? value : 'other';

/**
 * A collector's child for each set of label values, made once: prom-client would otherwise hash
 * the labels on every observation of the hot paths (every OCPP message, every statement).
 */
function childrenOf<Child>(make: (...values: string[]) => Child) {
  const made = new Map<string, Child>();
  return (...values: string[]): Child => {
    const key = values.join('\u0000');
    let child = made.get(key);
    if (!child) {
      child = make(...values);
      made.set(key, child);
    }
    return child;
  };
}

/** The labels of a request: its route as registered (not its path), its method, its status. */
export function requestLabels(method: string, route: string | undefined, status: number) {
  return {
    method: METHODS.has(method) ? method : 'OTHER',
    route: route ?? 'unmatched',
    status: Number.isInteger(status) && status >= 100 && status <= 599 ? String(status) : 'other',
  };
}

export function createMetrics(sources: MetricsSources = {}) {
  const registry = new client.Registry();
  // Event-loop lag, heap, garbage collection, handles, CPU and resident memory.
  client.collectDefaultMetrics({ register: registry });

  const requests = new client.Histogram({
    name: 'evc_http_request_duration_seconds',
    help: 'HTTP requests answered, by route as registered, method and status code.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const busRequests = new client.Histogram({
    name: 'evc_nats_request_duration_seconds',
    help: 'Requests from this node to another over NATS (a command for a charger held elsewhere), by outcome.',
    labelNames: ['outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const messagesReceived = new client.Counter({
    name: 'evc_ocpp_messages_total',
    help: 'Messages received from chargers, by OCPP 1.6 action (other for any other name) and outcome: answered with a CALLRESULT or with a CALLERROR.',
    labelNames: ['action', 'outcome'] as const,
    registers: [registry],
  });
  const ocppCallErrors = new client.Counter({
    name: 'evc_ocpp_callerrors_total',
    help: 'CALLERRORs sent to chargers, by the action of the message answered and the OCPP error code (schema violations, unknown actions, failed handlers).',
    labelNames: ['action', 'code'] as const,
    registers: [registry],
  });
  const ocppHandling = new client.Histogram({
    name: 'evc_ocpp_message_handling_seconds',
    help: "Time a charger's message took in its handler, by action, whatever it was answered.",
    labelNames: ['action'] as const,
    buckets: HANDLING_BUCKETS,
    registers: [registry],
  });
  const commands = new client.Histogram({
    name: 'evc_ocpp_command_duration_seconds',
    help: 'Commands sent to chargers, from the call to the answer, by action and outcome (answered, rejected by the charger, timeout, offline, failed).',
    labelNames: ['action', 'outcome'] as const,
    buckets: COMMAND_BUCKETS,
    registers: [registry],
  });
  const payments = new client.Counter({
    name: 'evc_payment_operations_total',
    help: 'Calls to the payment provider, by operation, outcome (succeeded, declined, failed) and provider.',
    labelNames: ['operation', 'outcome', 'provider'] as const,
    registers: [registry],
  });
  const statements = new client.Histogram({
    name: 'evc_db_statement_duration_seconds',
    help: 'Database statements, by kind: a prepared read on a pipelined connection, a single statement, a statement inside a transaction.',
    labelNames: ['kind'] as const,
    buckets: STATEMENT_BUCKETS,
    registers: [registry],
  });
  const messageCounted = childrenOf((action, outcome) => messagesReceived.labels(action, outcome));
  const callErrorCounted = childrenOf((action, code) => ocppCallErrors.labels(action, code));
  const handlingTimed = childrenOf((action) => ocppHandling.labels(action));
  const commandTimed = childrenOf((action, outcome) => commands.labels(action, outcome));
  const paymentCounted = childrenOf((operation, outcome, provider) =>
    payments.labels(operation, outcome, provider),
  );
  const statementTimers = new Map(STATEMENT_KINDS.map((kind) => [kind, statements.labels(kind)]));

  const ocppMessages: OcppMessageObserver = {
    handled(action, seconds) {
      handlingTimed(chargerActionLabel(action)).observe(seconds);
    },
    answered(action, errorCode) {
      const label = chargerActionLabel(action);
      messageCounted(label, errorCode === undefined ? 'answered' : 'callerror').inc();
      if (errorCode !== undefined) callErrorCounted(label, ocppErrorCodeLabel(errorCode)).inc();
    },
  };
  const observeCommand: CommandObserver = (action, outcome, seconds) => {
    commandTimed(commandActionLabel(action), oneOf(COMMAND_OUTCOMES, outcome)).observe(seconds);
  };
  const observePayment: PaymentObserver = (operation, outcome, provider) => {
    paymentCounted(
      oneOf(PAYMENT_OPERATIONS, operation),
      oneOf(PAYMENT_OUTCOMES, outcome),
      paymentProviderLabel(provider),
    ).inc();
  };
  const observeStatement: StatementObserver = (kind, seconds) => {
    (statementTimers.get(kind) ?? statements.labels('other')).observe(seconds);
  };

  const { poolUse, openSessionsByState, connectedChargers } = sources;
  if (connectedChargers) {
    new client.Gauge({
      name: 'evc_chargers_connected',
      help: 'Chargers holding a socket on this node.',
      registers: [registry],
      collect() {
        this.set(connectedChargers());
      },
    });
  }
  if (poolUse) {
    new client.Gauge({
      name: 'evc_db_pool_connections',
      help: 'PostgreSQL connections of the pool, by state (open, idle), and callers waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const use = poolUse();
        this.set({ state: 'open' }, use.open);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
    new client.Gauge({
      name: 'evc_db_pipelined_reads_in_flight',
      help: 'Prepared reads sent on the pipelined connections and not yet answered.',
      registers: [registry],
      collect() {
        this.set(poolUse().pipelinedInFlight);
      },
    });
  }
  if (openSessionsByState) {
    new client.Gauge({
      name: 'evc_charging_sessions_open',
      help: 'Charging sessions not yet ended, by state.',
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const [state, count] of Object.entries(await openSessionsByState())) {
          this.set({ state }, count);
        }
      },
    });
  }

  return {
    registry,
    observeRequest(method: string, route: string | undefined, status: number, seconds: number) {
      requests.observe(requestLabels(method, route, status), seconds);
    },
    observeBusRequest(outcome: BusOutcome, seconds: number) {
      busRequests.observe({ outcome }, seconds);
    },
    ocppMessages,
    observeCommand,
    observePayment,
    observeStatement,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The same bus, its requests to other nodes timed by outcome. */
export function timedBus(bus: Bus, metrics: Metrics): Bus {
  return {
    ...bus,
    async request(subject, payload, timeoutMs) {
      const started = performance.now();
      const took = () => (performance.now() - started) / 1000;
      try {
        const answer = await bus.request(subject, payload, timeoutMs);
        metrics.observeBusRequest('answered', took());
        return answer;
      } catch (error) {
        const outcome: BusOutcome =
          error instanceof NoResponderError
            ? 'no_responder'
            : error instanceof BusTimeoutError
              ? 'timeout'
              : 'failed';
        metrics.observeBusRequest(outcome, took());
        throw error;
      }
    },
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics for a scraper holding `token` (Authorization: Bearer); 404 when metrics are off
 * (no token set), 401 without the right token. Every answered request is timed.
 */
export function registerMetrics(
  app: FastifyInstance,
  token: string | undefined,
  metrics: Metrics | undefined,
): void {
  if (!token || !metrics) {
    app.get('/metrics', (_request, reply) =>
      reply.status(404).send({ error: 'Metrics are off on this node (METRICS_TOKEN not set)' }),
    );
    return;
  }
  const expected = digest(`Bearer ${token}`);
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.get('/metrics', async (request, reply) => {
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: 'A bearer token is needed for the metrics' });
    }
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
