// HTTP load from outside a node: an open model at a fixed rate (requests leave on schedule
// whatever the answers do, so a slow answer cannot hide the queue behind it) and a closed model
// that saturates with a number of connections. Latency is measured from when a request was due.
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  requests: number;
  errors: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** Where the slow answers of a fixed-rate run were, to tell a stall from a queue. */
export interface SlowAnswers {
  /** Answers slower than `overMs`. */
  overMs: number;
  count: number;
  /** The 100 ms windows holding most of them: start (ms into the run), count, slowest. */
  windows: { atMs: number; count: number; maxMs: number }[];
  /** How late the load generator itself sent its requests (its own pauses), p99 and worst. */
  sendLateP99Ms: number;
  sendLateMaxMs: number;
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;

function percentile(sorted: readonly number[], fraction: number): number {
  return round1(sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0);
}

function slowAnswers(
  answers: readonly { dueMs: number; latencyMs: number }[],
  sendLate: number[],
  overMs: number,
): SlowAnswers {
  const windows = new Map<number, { atMs: number; count: number; maxMs: number }>();
  let count = 0;
  for (const { dueMs, latencyMs } of answers) {
    if (latencyMs <= overMs) continue;
    count += 1;
    const atMs = Math.floor(dueMs / 100) * 100;
    const window = windows.get(atMs) ?? { atMs, count: 0, maxMs: 0 };
    window.count += 1;
    window.maxMs = Math.max(window.maxMs, round1(latencyMs));
    windows.set(atMs, window);
  }
  sendLate.sort((a, b) => a - b);
  return {
    overMs,
    count,
    windows: [...windows.values()].sort((a, b) => b.count - a.count).slice(0, 8),
    sendLateP99Ms: percentile(sendLate, 0.99),
    sendLateMaxMs: round1(sendLate.at(-1) ?? 0),
  };
}

function resultOf(latencies: number[], errors: number, seconds: number): LoadResult {
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length + errors,
    errors,
    perSecond: Math.round(latencies.length / seconds),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
  };
}

export function createLoad(base: string, connections = 64) {
  const pool = new Pool(base, { connections, pipelining: 1, keepAliveTimeout: 30_000 });

  async function send(request: LoadRequest): Promise<boolean> {
    try {
      const answer = await pool.request({
        method: request.method,
        path: request.path,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
      });
      await answer.body.dump();
      return answer.statusCode < 400;
    } catch {
      return false;
    }
  }

  return {
    send,

    /**
     * `perSecond` requests a second for `seconds`, taken in turn from `mix`; `slow` says where the
     * answers slower than `slowOverMs` were.
     */
    async fixedRate(
      mix: readonly LoadRequest[],
      perSecond: number,
      seconds: number,
      slowOverMs = 25,
    ) {
      const answers: { dueMs: number; latencyMs: number }[] = [];
      const sendLate: number[] = [];
      let errors = 0;
      const total = Math.round(perSecond * seconds);
      const start = performance.now();
      const inFlight: Promise<void>[] = [];
      for (let index = 0; index < total; index += 1) {
        const due = start + (index * 1000) / perSecond;
        const wait = due - performance.now();
        if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
        sendLate.push(Math.max(0, performance.now() - due));
        const request = mix[index % mix.length] as LoadRequest;
        inFlight.push(
          send(request).then((ok) => {
            if (ok) answers.push({ dueMs: due - start, latencyMs: performance.now() - due });
            else errors += 1;
          }),
        );
      }
      await Promise.all(inFlight);
      const latencies = answers.map((answer) => answer.latencyMs);
      return {
        rate: perSecond,
        ...resultOf(latencies, errors, seconds),
        slow: slowAnswers(answers, sendLate, slowOverMs),
      };
    },

    /** As fast as answers come back on `connections` connections for `seconds`. */
    async saturate(mix: readonly LoadRequest[], seconds: number, concurrency = connections) {
      const latencies: number[] = [];
      let errors = 0;
      let index = 0;
      const start = performance.now();
      const end = start + seconds * 1000;
      const worker = async () => {
        while (performance.now() < end) {
          const request = mix[index % mix.length] as LoadRequest;
          index += 1;
          const sent = performance.now();
          if (await send(request)) latencies.push(performance.now() - sent);
          else errors += 1;
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      return resultOf(latencies, errors, (performance.now() - start) / 1000);
    },

    close: () => pool.close(),
  };
}
