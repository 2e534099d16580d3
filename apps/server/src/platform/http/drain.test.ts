import { request } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerDrain, stopWithin, type Drain } from './drain.ts';
import { registerHealth } from './health.ts';

/** A clock the test moves; the drain's look-again timer still runs on real time. */
function testClock() {
  let ms = 1_000_000;
  return { now: () => ms, advance: (by: number) => (ms += by) };
}

function drainedApp(options: { quietMs?: number; now?: () => number } = {}) {
  const app = Fastify();
  const drain = registerDrain(app, options);
  registerHealth(app, {
    draining: drain.draining,
    database: () => Promise.resolve(true),
    answered: drain.probed,
  });
  app.get('/work', () => ({ done: true }));
  return { app, drain };
}

/** Whether `promise` has settled, looked at after the drain's timer has had many turns. */
async function settledSoon(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let turn = 0; turn < 6 && !settled; turn += 1) {
    await new Promise((resolve) => setTimeout(resolve, 60));
  }
  return settled;
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

let open: FastifyInstance | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe('a node told to stop', () => {
  it('says it is not ready at once and closes every answer after it, probes included', async () => {
    const { app, drain } = drainedApp();
    open = app;
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    const before = await app.inject('/work');
    expect(before.headers.connection).not.toBe('close');
    void drain.noticed(60_000);
    const probe = await app.inject('/readyz');
    expect(probe.statusCode).toBe(503);
    expect(probe.json()).toEqual({ status: 'not ready', failing: ['draining'] });
    const work = await app.inject('/work');
    expect(work.statusCode).toBe(200);
    expect(work.headers.connection).toBe('close');
  });

  it('waits for the quiet time after the last request that is not a probe', async () => {
    const clock = testClock();
    const { app, drain } = drainedApp({ quietMs: 1000, now: clock.now });
    open = app;
    const noticed = drain.noticed(60_000);
    clock.advance(900);
    await app.inject('/work');
    clock.advance(900);
    await app.inject('/healthz');
    await app.inject('/metrics');
    expect(await settledSoon(noticed)).toBe(false);
    clock.advance(100);
    expect(await settledSoon(noticed)).toBe(true);
  });

  it('behind a prober, waits until the prober has been told at least once', async () => {
    const clock = testClock();
    const { app, drain } = drainedApp({ quietMs: 1000, now: clock.now });
    open = app;
    await app.inject('/readyz');
    const noticed = drain.noticed(60_000);
    clock.advance(5000);
    expect(await settledSoon(noticed)).toBe(false);
    expect((await app.inject('/readyz')).statusCode).toBe(503);
    expect(await settledSoon(noticed)).toBe(true);
  });

  it('stops waiting for the balancer after the longest wait it was given', async () => {
    const clock = testClock();
    const { app, drain } = drainedApp({ quietMs: 1000, now: clock.now });
    open = app;
    await app.inject('/readyz');
    const noticed = drain.noticed(10_000);
    for (let step = 0; step < 9; step += 1) {
      clock.advance(999);
      await app.inject('/work');
    }
    expect(await settledSoon(noticed)).toBe(false);
    clock.advance(1100);
    expect(await settledSoon(noticed)).toBe(true);
  });
});

/** A GET over a real socket: its status, or the error that ended it. */
function get(base: string, path: string): Promise<number | Error> {
  return new Promise((resolve) => {
    request(`${base}${path}`, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    })
      .on('error', resolve)
      .end();
  });
}

describe('stopping within the grace', () => {
  async function listening(slow: Promise<void>): Promise<{
    app: FastifyInstance;
    drain: Drain;
    base: string;
    started: () => number;
    closing: () => boolean;
  }> {
    const { app, drain } = drainedApp({ quietMs: 20 });
    let started = 0;
    let closing = false;
    app.addHook('preClose', (done) => {
      closing = true;
      done();
    });
    app.get('/slow', async () => {
      started += 1;
      await slow;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    return {
      app,
      drain,
      base: `http://127.0.0.1:${address.port}`,
      started: () => started,
      closing: () => closing,
    };
  }

  it('answers the requests in flight before it closes', async () => {
    let finish = () => {};
    const slow = new Promise<void>((resolve) => (finish = resolve));
    const node = await listening(slow);
    const answer = get(node.base, '/slow');
    await until(() => node.started() === 1);
    const stopped = stopWithin(node.app, node.drain, 60_000);
    await until(node.closing);
    finish();
    expect(await answer).toBe(200);
    expect(await stopped).toBe('finished');
    // Closed: a new connection is refused.
    expect(await get(node.base, '/work')).toBeInstanceOf(Error);
  });

  it('cuts what is still open when the grace runs out', async () => {
    const node = await listening(new Promise<void>(() => {}));
    let cut = false;
    node.drain.onCut(() => (cut = true));
    const answer = get(node.base, '/slow');
    await until(() => node.started() === 1);
    expect(await stopWithin(node.app, node.drain, 300)).toBe('cut');
    expect(cut).toBe(true);
    expect(await answer).toBeInstanceOf(Error);
  });
});
