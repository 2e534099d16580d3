import { describe, expect, test } from 'vitest';
import type { SessionRow } from '../../platform/db/schema.ts';
import { createInProcessBus } from '../../platform/bus/in-process-bus.ts';
import { createSessionCache, SESSIONS_ENDED_SUBJECT } from './session-cache.ts';

const row = (id: string, owner: { userId?: string; guestId?: string }): SessionRow => ({
  id,
  userId: owner.userId ?? null,
  guestId: owner.guestId ?? null,
  scope: owner.guestId ? 'guest' : 'full',
  deviceUuid: 'device',
  createdAt: new Date(0),
  revokedAt: null,
  revokedReason: null,
  mfaPassed: false,
  masqueradeBy: null,
  masqueradeReason: null,
});

/** A stored table of sessions that counts its reads. */
function storedSessions(rows: SessionRow[]) {
  const table = new Map(rows.map((session) => [session.id, session]));
  const reads = { count: 0 };
  return {
    table,
    reads,
    load: (id: string) => {
      reads.count += 1;
      return Promise.resolve(table.get(id));
    },
  };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('the sign-ins a node has read lately', () => {
  test('a sign-in is read once, then from memory until its time is up', async () => {
    let now = 0;
    const cache = createSessionCache({ bus: createInProcessBus(), now: () => now, ttlMs: 1000 });
    const stored = storedSessions([row('s1', { userId: 'u1' })]);
    await cache.find('s1', stored.load);
    await cache.find('s1', stored.load);
    expect(stored.reads.count).toBe(1);
    now = 1000;
    await cache.find('s1', stored.load);
    expect(stored.reads.count).toBe(2);
  });

  test('an ended sign-in, a user’s or a guest’s are forgotten on every node of the bus', async () => {
    const bus = createInProcessBus();
    const here = createSessionCache({ bus, now: () => 0 });
    const there = createSessionCache({ bus, now: () => 0 });
    const stored = storedSessions([
      row('a', { userId: 'u1' }),
      row('b', { userId: 'u1' }),
      row('c', { userId: 'u2' }),
      row('g', { guestId: 'g1' }),
    ]);
    for (const id of ['a', 'b', 'c', 'g']) await there.find(id, stored.load);
    expect(stored.reads.count).toBe(4);

    here.ended({ sessionId: 'a' });
    await settled();
    await there.find('a', stored.load);
    await there.find('b', stored.load);
    expect(stored.reads.count).toBe(5);

    here.ended({ userId: 'u1' });
    await settled();
    await there.find('b', stored.load);
    await there.find('c', stored.load);
    expect(stored.reads.count).toBe(6);

    bus.publish(SESSIONS_ENDED_SUBJECT, { guestId: 'g1' });
    await settled();
    await there.find('g', stored.load);
    expect(stored.reads.count).toBe(7);
  });

  test('a read in flight when a sign-in ends is not kept, nor is a revoked sign-in', async () => {
    const cache = createSessionCache({ bus: createInProcessBus(), now: () => 0 });
    const stored = storedSessions([row('s1', { userId: 'u1' })]);
    let release = () => {};
    const slow = (id: string) =>
      new Promise<SessionRow | undefined>((resolve) => {
        release = () => resolve(stored.table.get(id));
      });
    const reading = cache.find('s1', slow);
    cache.ended({ sessionId: 's1' });
    release();
    await reading;
    await cache.find('s1', stored.load);
    expect(stored.reads.count).toBe(1);

    stored.table.set('s2', { ...row('s2', { userId: 'u1' }), revokedAt: new Date(0) });
    await cache.find('s2', stored.load);
    await cache.find('s2', stored.load);
    expect(stored.reads.count).toBe(3);
  });
});
