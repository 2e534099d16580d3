import { describe, expect, it } from 'vitest';
import {
  connectorUnlockVerdict,
  UNLOCK_AFTER_SESSION_MS,
  type UnlockFacts,
  type UnlockSession,
  type UnlockVerdict,
} from './connector-unlock.ts';

const NOW = new Date('2026-11-25T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;

const session = (ownerId: string, extra: Partial<UnlockSession> = {}): UnlockSession => ({
  ownerId,
  state: 'finished',
  transactionId: 11,
  endedAt: ago(MINUTE),
  awaitingUnplug: false,
  ...extra,
});
const running = (ownerId: string, transactionId = 11) =>
  session(ownerId, { state: 'charging', endedAt: null, transactionId });

const facts = (extra: Partial<UnlockFacts>): UnlockFacts => ({
  callerId: 'b',
  latest: null,
  openSessionOwners: [],
  runningTransactionIds: [],
  connector: { status: 'Finishing', statusAt: ago(MINUTE) },
  now: NOW,
  ...extra,
});

describe('connectorUnlockVerdict (issue 12: only the driver whose cable it is)', () => {
  it.each<[string, Partial<UnlockFacts>, UnlockVerdict]>([
    ['no session on the connector ever', {}, 'notYourSession'],
    [
      'my session is charging there',
      { latest: running('b'), openSessionOwners: ['b'], runningTransactionIds: [11] },
      'allowed',
    ],
    [
      'my session is pending (the charger waits for the cable)',
      { latest: session('b', { state: 'pending', endedAt: null, transactionId: null }) },
      'allowed',
    ],
    [
      'my session is paused',
      {
        latest: session('b', { state: 'paused', endedAt: null }),
        openSessionOwners: ['b'],
        runningTransactionIds: [11],
      },
      'allowed',
    ],
    ['my session stopped a minute ago', { latest: session('b') }, 'allowed'],
    [
      'my session stopped exactly at the limit',
      { latest: session('b', { endedAt: ago(UNLOCK_AFTER_SESSION_MS) }) },
      'allowed',
    ],
    [
      'my session stopped just past the limit',
      { latest: session('b', { endedAt: ago(UNLOCK_AFTER_SESSION_MS + 1) }) },
      'notYourSession',
    ],
    [
      'my session stopped yesterday',
      { latest: session('b', { endedAt: ago(24 * 60 * MINUTE) }) },
      'notYourSession',
    ],
    [
      'my session stopped hours ago and still waits for its unplug (ADR 0013)',
      { latest: session('b', { endedAt: ago(5 * 60 * MINUTE), awaitingUnplug: true }) },
      'allowed',
    ],
    [
      'my start was refused a minute ago',
      { latest: session('b', { state: 'rejected', transactionId: null }) },
      'allowed',
    ],
    [
      'I charged there earlier, another driver charges there now',
      { latest: running('a', 12), openSessionOwners: ['a'], runningTransactionIds: [12] },
      'notYourSession',
    ],
    [
      'my session is the newest but another driver’s is still open there',
      { latest: running('b'), openSessionOwners: ['a', 'b'], runningTransactionIds: [11] },
      'connectorInUse',
    ],
    [
      'my session stopped, a transaction started at the charger without the app runs there',
      { latest: session('b'), runningTransactionIds: [12] },
      'connectorInUse',
    ],
    [
      'my session stopped and a cable was plugged in since',
      {
        latest: session('b', { endedAt: ago(5 * MINUTE) }),
        connector: { status: 'Preparing', statusAt: ago(MINUTE) },
      },
      'connectorInUse',
    ],
    [
      'my session awaits its unplug but a cable was plugged in since (the unplug was missed)',
      {
        latest: session('b', { endedAt: ago(60 * MINUTE), awaitingUnplug: true }),
        connector: { status: 'Preparing', statusAt: ago(MINUTE) },
      },
      'connectorInUse',
    ],
    [
      'my session stopped, the connector was Preparing before its stop',
      { latest: session('b'), connector: { status: 'Preparing', statusAt: ago(2 * MINUTE) } },
      'allowed',
    ],
    [
      'my session stopped and the cable is out (Available)',
      { latest: session('b'), connector: { status: 'Available', statusAt: NOW } },
      'allowed',
    ],
  ])('%s', (_label, given, verdict) => {
    expect(connectorUnlockVerdict(facts(given))).toBe(verdict);
  });
});
