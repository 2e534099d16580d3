import { describe, expect, it } from 'vitest';
import { BusTimeoutError, NoResponderError } from './bus.ts';
import { createInProcessBus } from './in-process-bus.ts';

describe('in-process bus', () => {
  it('fans an event out to every subscriber until they unsubscribe', async () => {
    const bus = createInProcessBus();
    const a: unknown[] = [];
    const b: unknown[] = [];
    const stopA = bus.subscribe('s', (event) => a.push(event));
    bus.subscribe('s', (event) => b.push(event));
    bus.publish('s', 1);
    await Promise.resolve();
    stopA();
    bus.publish('s', 2);
    await Promise.resolve();
    expect(a).toEqual([1]);
    expect(b).toEqual([1, 2]);
  });

  it('answers a request from its responder', async () => {
    const bus = createInProcessBus();
    bus.respond('double', (n) => Promise.resolve(Number(n) * 2));
    await expect(bus.request('double', 21, 1000)).resolves.toBe(42);
  });

  it('rejects when nobody responds and when the answer is late', async () => {
    const bus = createInProcessBus();
    await expect(bus.request('none', null, 1000)).rejects.toBeInstanceOf(NoResponderError);
    // A responder that never answers: only the request's time-out ends the wait.
    bus.respond('slow', () => new Promise<never>(() => undefined));
    await expect(bus.request('slow', null, 20)).rejects.toBeInstanceOf(BusTimeoutError);
  });
});
