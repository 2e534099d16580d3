// Many OCPP 1.6J charge points in one process, written apart from the server and from the
// charger simulator: each one a WebSocket with HTTP Basic auth that boots, reports its connectors,
// beats, opens transactions and sends meter values, timing every call it makes. Calls from the
// central system are answered as a plain charger would (Accepted, or an empty configuration).
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { inParallel } from '../../../apps/server/src/test/in-parallel.ts';

export interface SwarmCharger {
  chargePointId: string;
  password: string;
}

type Frame = [2, string, string, unknown] | [3, string, unknown] | [4, string, string, string];

/** One call's round trip, in milliseconds, labelled with the phase it was made in. */
export interface Sample {
  action: string;
  phase: string;
  ms: number;
  ok: boolean;
}

const CALL_TIMEOUT_MS = 60_000;

class ChargePoint {
  private socket: WebSocket | undefined;
  private next = 0;
  private readonly pending = new Map<
    string,
    { resolve: (payload: unknown) => void; reject: (error: Error) => void }
  >();

  constructor(
    private readonly base: string,
    readonly charger: SwarmCharger,
  ) {}

  get open(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  connect(): Promise<void> {
    const { chargePointId, password } = this.charger;
    const socket = new WebSocket(`${this.base}/ocpp/${chargePointId}`, ['ocpp1.6'], {
      headers: {
        authorization: `Basic ${Buffer.from(`${chargePointId}:${password}`).toString('base64')}`,
      },
      handshakeTimeout: CALL_TIMEOUT_MS,
      perMessageDeflate: false,
    });
    this.socket = socket;
    socket.on('message', (data: Buffer) => this.receive(socket, data));
    socket.on('close', () => {
      for (const waiting of this.pending.values()) waiting.reject(new Error('closed'));
      this.pending.clear();
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`handshake answered ${String(response.statusCode)}`)),
      );
    });
  }

  /** Drops the connection at once, as a power cut or a lost mobile link would. */
  drop(): void {
    this.socket?.terminate();
  }

  call(action: string, payload: unknown): Promise<unknown> {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.reject(new Error('closed'));
    this.next += 1;
    const id = String(this.next);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${action} timed out`));
      }, CALL_TIMEOUT_MS);
      this.pending.set(id, {
        resolve: (answer) => {
          clearTimeout(timer);
          resolve(answer);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      socket.send(JSON.stringify([2, id, action, payload]));
    });
  }

  private receive(socket: WebSocket, data: Buffer): void {
    const frame = JSON.parse(data.toString('utf8')) as Frame;
    if (frame[0] === 2) {
      const [, id, action] = frame;
      const answer =
        action === 'GetConfiguration'
          ? { configurationKey: [], unknownKey: [] }
          : action === 'GetCompositeSchedule'
            ? { status: 'Rejected' }
            : { status: 'Accepted' };
      socket.send(JSON.stringify([3, id, answer]));
      return;
    }
    const waiting = this.pending.get(frame[1]);
    if (!waiting) return;
    this.pending.delete(frame[1]);
    if (frame[0] === 3) waiting.resolve(frame[2]);
    else waiting.reject(new Error(`${frame[2]}: ${frame[3]}`));
  }
}

export function createSwarm(base: string) {
  const wsBase = base.replace(/^http/, 'ws');
  const points: ChargePoint[] = [];
  const samples: Sample[] = [];
  let phase = 'start';
  let failedAttempts = 0;

  const timed = async (point: ChargePoint, action: string, payload: unknown) => {
    const start = performance.now();
    try {
      const answer = await point.call(action, payload);
      samples.push({ action, phase, ms: performance.now() - start, ok: true });
      return answer;
    } catch (error) {
      samples.push({ action, phase, ms: performance.now() - start, ok: false });
      throw error;
    }
  };

  /** Connects, boots and reports both connectors; retries a refused or failed attempt. */
  const bringUp = async (point: ChargePoint, attemptsLeft = 20): Promise<boolean> => {
    try {
      await point.connect();
      await timed(point, 'BootNotification', {
        chargePointVendor: 'Bench',
        chargePointModel: 'Swarm',
        chargePointSerialNumber: point.charger.chargePointId,
      });
      const timestamp = new Date().toISOString();
      for (const connectorId of [0, 1]) {
        await timed(point, 'StatusNotification', {
          connectorId,
          status: 'Available',
          errorCode: 'NoError',
          timestamp,
        });
      }
      return true;
    } catch {
      failedAttempts += 1;
      point.drop();
      if (attemptsLeft <= 1) return false;
      await new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 1500));
      return bringUp(point, attemptsLeft - 1);
    }
  };

  let beating: NodeJS.Timeout | undefined;

  return {
    samples,
    get failedAttempts() {
      return failedAttempts;
    },
    get connected() {
      return points.filter((point) => point.open).length;
    },
    setPhase(name: string) {
      phase = name;
    },

    /** Connects `chargers`, `concurrency` handshakes at a time; answers how many came up. */
    async connect(chargers: readonly SwarmCharger[], concurrency: number): Promise<number> {
      const fresh = chargers.map((charger) => new ChargePoint(wsBase, charger));
      points.push(...fresh);
      let up = 0;
      await inParallel(fresh, concurrency, async (point) => {
        if (await bringUp(point)) up += 1;
      });
      return up;
    },

    /**
     * Every connected charger sends a Heartbeat every `intervalSeconds`, spread evenly over the
     * interval, until `stopBeating`.
     */
    startBeating(intervalSeconds: number): void {
      const tickMs = 50;
      let cursor = 0;
      beating = setInterval(() => {
        const perTick = Math.max(
          1,
          Math.round((points.length * tickMs) / (intervalSeconds * 1000)),
        );
        for (let sent = 0; sent < perTick && points.length > 0; sent += 1) {
          const point = points[cursor % points.length] as ChargePoint;
          cursor += 1;
          if (point.open) timed(point, 'Heartbeat', {}).catch(() => undefined);
        }
      }, tickMs);
    },

    stopBeating(): void {
      clearInterval(beating);
    },

    /**
     * Opens a transaction on connector 1 of the first `count` chargers, then sends MeterValues at
     * `perSecond` in all for `seconds`, then stops every transaction. Answers how many opened.
     */
    async meter(count: number, perSecond: number, seconds: number): Promise<number> {
      const metering = points.slice(0, count).filter((point) => point.open);
      const opened: { point: ChargePoint; transactionId: number; wh: number }[] = [];
      await inParallel(metering, 50, async (point) => {
        try {
          const answer = (await timed(point, 'StartTransaction', {
            connectorId: 1,
            idTag: `BENCH-${point.charger.chargePointId}`.slice(0, 20),
            meterStart: 0,
            timestamp: new Date().toISOString(),
          })) as { transactionId: number };
          opened.push({ point, transactionId: answer.transactionId, wh: 0 });
        } catch {
          // Counted in the samples as a failed StartTransaction.
        }
      });
      const total = perSecond * seconds;
      const started = performance.now();
      const inFlight: Promise<unknown>[] = [];
      for (let sent = 0; sent < total && opened.length > 0; sent += 1) {
        const due = started + (sent * 1000) / perSecond;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const open = opened[sent % opened.length];
        if (!open) continue;
        open.wh += 100;
        inFlight.push(
          timed(open.point, 'MeterValues', {
            connectorId: 1,
            transactionId: open.transactionId,
            meterValue: [
              {
                timestamp: new Date().toISOString(),
                sampledValue: [
                  {
                    value: String(open.wh),
                    measurand: 'Energy.Active.Import.Register',
                    unit: 'Wh',
                  },
                ],
              },
            ],
          }).catch(() => undefined),
        );
      }
      await Promise.all(inFlight);
      await inParallel(opened, 50, async ({ point, transactionId, wh }) => {
        await timed(point, 'StopTransaction', {
          transactionId,
          meterStop: wh,
          timestamp: new Date().toISOString(),
          reason: 'Local',
        }).catch(() => undefined);
      });
      return opened.length;
    },

    /** Every charger loses its connection at once, then all reconnect; answers how many came back. */
    async storm(concurrency: number): Promise<number> {
      for (const point of points) point.drop();
      let up = 0;
      await inParallel(points, concurrency, async (point) => {
        if (await bringUp(point)) up += 1;
      });
      return up;
    },

    close(): void {
      clearInterval(beating);
      for (const point of points) point.drop();
    },
  };
}

/** p50 and p99 of the samples that `pick` keeps, in ms rounded to 0.1, with their error count. */
export function percentiles(samples: readonly Sample[], pick: (sample: Sample) => boolean) {
  const chosen = samples.filter(pick);
  const sorted = chosen.filter((sample) => sample.ok).map((sample) => sample.ms);
  sorted.sort((a, b) => a - b);
  const at = (fraction: number) =>
    Math.round(
      (sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0) * 10,
    ) / 10;
  return {
    calls: chosen.length,
    errors: chosen.length - sorted.length,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
  };
}
