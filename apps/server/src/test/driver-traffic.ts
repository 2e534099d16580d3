// A steady stream of a driver's reads through a load balancer, as the app makes them while a
// driver looks at their account and at chargers: what must see no error while the nodes behind
// the balancer restart. No vitest in here.
import { calls, callPath, type CallName } from '@evc/contract';

export interface DriverRequest {
  call: CallName;
  /** When it was sent, and when its answer (or its failure) came, by Date.now(). */
  sentAt: number;
  answeredAt: number;
  /** The HTTP status; 0 when no answer came (the connection failed). */
  status: number;
  /** Why it failed, for a failure's message; absent on a 2xx. */
  failure?: string;
}

export interface DriverTraffic {
  /** Every request answered or failed so far, in the order they ended. */
  readonly requests: readonly DriverRequest[];
  /** Lets the requests in flight end, then stops. */
  stop(): Promise<void>;
}

/**
 * `workers` loops, each sending one request after the other to `base`, `paceMs` apart: the
 * driver's own account (userdata) and a charger by its barcode, in turn.
 */
export function startDriverTraffic(options: {
  base: string;
  token: string;
  barcodes: readonly string[];
  workers: number;
  /** A pause between a worker's requests, so the stream does not take every core. */
  paceMs: number;
}): DriverTraffic {
  const requests: DriverRequest[] = [];
  let running = true;
  const send = async (call: CallName, body: unknown) => {
    const sentAt = Date.now();
    const ended = (status: number, failure?: string) =>
      requests.push({
        call,
        sentAt,
        answeredAt: Date.now(),
        status,
        ...(failure === undefined ? {} : { failure }),
      });
    try {
      const response = await fetch(`${options.base}/api${callPath(calls[call])}`, {
        method: calls[call].method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      ended(response.status, response.ok ? undefined : text.slice(0, 300));
    } catch (error) {
      ended(0, error instanceof Error ? `${error.message} ${String(error.cause)}` : String(error));
    }
  };
  const worker = async (index: number) => {
    for (let turn = index; running; turn += 1) {
      if (turn % 2 === 0) await send('userdata', {});
      else {
        const barcode = options.barcodes[turn % options.barcodes.length] ?? '';
        await send('getChargerByBarcode', { barcode });
      }
      await new Promise((resolve) => setTimeout(resolve, options.paceMs));
    }
  };
  const working = Promise.all(Array.from({ length: options.workers }, (_, index) => worker(index)));
  return {
    requests,
    async stop() {
      running = false;
      await working;
    },
  };
}

export interface ChargerWatch {
  /** Times the stream was opened (answered 200): a node that stops ends it, and it opens again. */
  readonly opened: number;
  /** Opens answered otherwise than 200, or that could not connect. */
  readonly failures: readonly string[];
  stop(): Promise<void>;
}

/**
 * A driver watching one charger's live status (GET /api/events/chargers), as the app's
 * EventSource does: when the stream ends (its node stopped) it is opened again `retryMs` later.
 */
export function watchChargerStream(options: {
  base: string;
  token: string;
  barcode: string;
  retryMs: number;
}): ChargerWatch {
  let opened = 0;
  const failures: string[] = [];
  let running = true;
  let current = new AbortController();
  const watching = (async () => {
    while (running) {
      current = new AbortController();
      let answered = false;
      try {
        const response = await fetch(
          `${options.base}/api/events/chargers?barcode=${options.barcode}`,
          { headers: { authorization: `Bearer ${options.token}` }, signal: current.signal },
        );
        answered = true;
        if (response.status !== 200) failures.push(`${response.status} ${await response.text()}`);
        else {
          opened += 1;
          // Read until the server ends the stream.
          for await (const chunk of response.body as AsyncIterable<Uint8Array>) void chunk;
        }
      } catch (error) {
        // An open stream ended by a node that stopped is opened again, as EventSource does; no
        // answer at all is a failure.
        if (running && !answered) failures.push(String(error));
      }
      if (running) await new Promise((resolve) => setTimeout(resolve, options.retryMs));
    }
  })();
  return {
    get opened() {
      return opened;
    },
    failures,
    async stop() {
      running = false;
      current.abort();
      await watching;
    },
  };
}
