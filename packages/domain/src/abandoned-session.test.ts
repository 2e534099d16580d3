import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SESSION_ABANDON_AFTER_MS,
  isSessionAbandoned,
  lateStopOwedMinor,
  statusSpeaksOfSession,
  type SessionSilenceFacts,
} from './abandoned-session.ts';

const NOW = new Date('2026-11-26T12:00:00Z');
const DAY = DEFAULT_SESSION_ABANDON_AFTER_MS;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

const facts = (extra: Partial<SessionSilenceFacts>): SessionSilenceFacts => ({
  lastHeardAt: ago(DAY),
  now: NOW,
  chargerOnline: false,
  connectorStatus: 'Charging',
  abandonAfterMs: DAY,
  ...extra,
});

describe('isSessionAbandoned: nothing about it for SESSION_ABANDON_AFTER while its charger is away', () => {
  it.each<[string, Partial<SessionSilenceFacts>, boolean]>([
    ['charger offline, silent for the whole limit', {}, true],
    ['charger offline, silent one second short of it', { lastHeardAt: ago(DAY - 1000) }, false],
    ['charger online and still reporting Charging', { chargerOnline: true }, false],
    [
      'charger online, connector Available after a reboot that forgot the transaction',
      { chargerOnline: true, connectorStatus: 'Available' },
      true,
    ],
    [
      'charger online, connector Faulted',
      { chargerOnline: true, connectorStatus: 'Faulted' },
      true,
    ],
    [
      'charger online, connector Unavailable',
      { chargerOnline: true, connectorStatus: 'Unavailable' },
      true,
    ],
    [
      'charger online, connector Available but heard from within the limit',
      { chargerOnline: true, connectorStatus: 'Available', lastHeardAt: ago(DAY / 2) },
      false,
    ],
    [
      'charger online, the car idle (SuspendedEV) for a day: still its session',
      { chargerOnline: true, connectorStatus: 'SuspendedEV' },
      false,
    ],
    [
      'charger online, no status ever reported',
      { chargerOnline: true, connectorStatus: null },
      false,
    ],
    [
      'a shorter limit set by the operator',
      { abandonAfterMs: 60_000, lastHeardAt: ago(61_000) },
      true,
    ],
  ])('%s: %s', (_case, extra, abandoned) => {
    expect(isSessionAbandoned(facts(extra))).toBe(abandoned);
  });
});

describe('statusSpeaksOfSession: the statuses that keep a session alive', () => {
  it.each([
    ['Charging', true],
    ['SuspendedEV', true],
    ['SuspendedEVSE', true],
    ['Finishing', true],
    ['Preparing', true],
    ['Available', false],
    ['Faulted', false],
    ['Unavailable', false],
  ])('%s: %s', (status, speaks) => {
    expect(statusSpeaksOfSession(status)).toBe(speaks);
  });
});

describe('lateStopOwedMinor: more energy than settled is owed, never refunded', () => {
  it.each([
    [{ settledMinor: 450, finalMinor: 900 }, 450],
    [{ settledMinor: 450, finalMinor: 450 }, 0],
    [{ settledMinor: 450, finalMinor: 300 }, 0],
  ])('%o owes %i', (costs, owed) => {
    expect(lateStopOwedMinor(costs)).toBe(owed);
  });
});
