import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestNode, NATS_URL, testSubjectPrefix } from '../../test/test-nats.ts';
import { BusTimeoutError, NoResponderError, type Bus } from './bus.ts';

/** Collects what a listener hears, and waits until it has heard `count` events. */
function inbox() {
  const heard: unknown[] = [];
  return {
    heard,
    listener: (event: unknown) => heard.push(event),
    async until(count: number) {
      await expect.poll(() => heard.length, { interval: 10 }).toBe(count);
    },
  };
}

/**
 * Waits until the NATS server has what `bus` sent so far (its subscriptions): a request from the
 * same connection is handled after them, and nobody answering it comes back at once.
 */
async function settled(...buses: Bus[]): Promise<void> {
  await Promise.all(buses.map((bus) => bus.request('settle', null, 1000).catch(() => undefined)));
}

// Two nodes on the local NATS server, each with its own connection, as two processes would be.
describe.skipIf(!NATS_URL)('NATS bus between two nodes', () => {
  const prefix = testSubjectPrefix();
  let a: Bus;
  let b: Bus;
  let stranger: Bus;

  beforeAll(async () => {
    a = await connectTestNode(prefix, 'node-a');
    b = await connectTestNode(prefix, 'node-b');
    stranger = await connectTestNode(testSubjectPrefix(), 'another-deployment');
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close(), stranger.close()]);
  });

  it('is connected while it reaches NATS, and not once closed', async () => {
    const short = await connectTestNode(testSubjectPrefix(), 'node-closing');
    expect(short.connected()).toBe(true);
    await short.close();
    expect(short.connected()).toBe(false);
  });

  it('fans an event out to every node, and not to another prefix', async () => {
    const onA = inbox();
    const onB = inbox();
    const elsewhere = inbox();
    const stopA = a.subscribe('charger.live', onA.listener);
    const stopB = b.subscribe('charger.live', onB.listener);
    const stopElsewhere = stranger.subscribe('charger.live', elsewhere.listener);
    await settled(a, b, stranger);
    a.publish('charger.live', { chargerId: 'c1' });
    await onA.until(1);
    await onB.until(1);
    expect(onB.heard).toEqual([{ chargerId: 'c1' }]);
    expect(elsewhere.heard).toEqual([]);
    stopA();
    stopB();
    stopElsewhere();
  });

  it('gives each event to one listener of a group, whichever node it is on', async () => {
    const onA = inbox();
    const onB = inbox();
    const stopA = a.subscribe('transaction.stopped', onA.listener, { group: 'settle' });
    const stopB = b.subscribe('transaction.stopped', onB.listener, { group: 'settle' });
    await settled(a, b);
    for (let n = 0; n < 20; n += 1) a.publish('transaction.stopped', n);
    await expect.poll(() => onA.heard.length + onB.heard.length, { interval: 10 }).toBe(20);
    expect([...onA.heard, ...onB.heard].sort((x, y) => Number(x) - Number(y))).toEqual(
      Array.from({ length: 20 }, (_, n) => n),
    );
    stopA();
    stopB();
  });

  it('routes a request to the node serving its subject', async () => {
    const stop = a.respond('charger.command.c1', (payload) =>
      Promise.resolve({ servedBy: 'a', payload }),
    );
    await settled(a);
    await expect(b.request('charger.command.c1', { action: 'Reset' }, 1000)).resolves.toEqual({
      servedBy: 'a',
      payload: { action: 'Reset' },
    });
    stop();
  });

  it('says at once that nobody serves a subject, and times out a slow responder', async () => {
    // "At once": NoResponderError, not the BusTimeoutError the minute would end in.
    await expect(b.request('charger.command.nobody', {}, 60_000)).rejects.toBeInstanceOf(
      NoResponderError,
    );
    // A responder that never answers: only the request's time-out ends the wait.
    const stop = a.respond('slow', () => new Promise<never>(() => undefined));
    await settled(a);
    await expect(b.request('slow', null, 50)).rejects.toBeInstanceOf(BusTimeoutError);
    stop();
  });

  it("carries a responder's failure back, a charger time-out as a time-out", async () => {
    const stopRefusing = a.respond('refuses', () => Promise.reject(new Error('NotSupported')));
    await settled(a);
    await expect(b.request('refuses', null, 1000)).rejects.toThrow('NotSupported');
    const stopSilent = a.respond('silent-charger', () =>
      Promise.reject(new BusTimeoutError('UnlockConnector')),
    );
    await settled(a);
    await expect(b.request('silent-charger', null, 1000)).rejects.toBeInstanceOf(BusTimeoutError);
    stopRefusing();
    stopSilent();
  });

  it('lets a node serve a subject again (a charger reconnecting) with only the new responder', async () => {
    a.respond('charger.command.c2', () => Promise.resolve('old socket'));
    const stop = a.respond('charger.command.c2', () => Promise.resolve('new socket'));
    await settled(a);
    for (let n = 0; n < 5; n += 1) {
      await expect(b.request('charger.command.c2', null, 1000)).resolves.toBe('new socket');
    }
    stop();
    await settled(a);
    await expect(b.request('charger.command.c2', null, 1000)).rejects.toBeInstanceOf(
      NoResponderError,
    );
  });
});
