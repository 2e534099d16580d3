import { describe, expect, it } from 'vitest';
import {
  awaitsUnplug,
  isHoldExhausted,
  isUnplugWaitEndedByStart,
  type HoldUse,
  type StopFacts,
} from './await-unplug.ts';
import type { SessionTariff } from './session-cost.ts';

const tariff = (extra: Partial<SessionTariff> = {}): SessionTariff => ({
  standard_rate: 0.45,
  alternate_rate: null,
  alternate_time: null,
  connection_cost: 0,
  costperperiod: 0,
  period: 0,
  initialperiod: 0,
  overstaycostperperiod: 100,
  overstayperiod: 10,
  overstaygraceperiod: 0,
  variability: null,
  ...extra,
});

const stop = (extra: Partial<StopFacts>): StopFacts => ({
  tariff: tariff(),
  stopReason: 'Remote',
  connectorStatus: 'Finishing',
  method: 'CREDIT',
  totalMinor: 500,
  heldMinor: 0,
  ...extra,
});

describe('awaitsUnplug (ADR 0013: overstay charged until the unplug)', () => {
  it.each<[string, Partial<StopFacts>, boolean]>([
    ['stopped remotely, cable in, overstay fees: awaits the unplug', {}, true],
    ['stopped at the charger (Local), cable in', { stopReason: 'Local' }, true],
    ['no reason given, cable in', { stopReason: undefined }, true],
    ['the connector still reports Charging', { connectorStatus: 'Charging' }, true],
    ['the connector reports SuspendedEV', { connectorStatus: 'SuspendedEV' }, true],
    ['the connector reports Preparing', { connectorStatus: 'Preparing' }, true],
    [
      'stopped because the cable came out (EVDisconnected)',
      { stopReason: 'EVDisconnected' },
      false,
    ],
    ['the connector already reports Available', { connectorStatus: 'Available' }, false],
    ['the connector reports Faulted', { connectorStatus: 'Faulted' }, false],
    ['the connector is unknown', { connectorStatus: null }, false],
    ['no overstay cost per period', { tariff: tariff({ overstaycostperperiod: 0 }) }, false],
    ['no overstay period', { tariff: tariff({ overstayperiod: 0 }) }, false],
    ['a card session below its hold', { method: 'PAYG', totalMinor: 499, heldMinor: 500 }, true],
    ['a card session at its hold', { method: 'PAYG', totalMinor: 500, heldMinor: 500 }, false],
    [
      'a wallet session past its hold',
      { method: 'APPLEPAY', totalMinor: 600, heldMinor: 500 },
      false,
    ],
    ['a fuel-card session holds nothing and waits', { method: 'FUELCARD', totalMinor: 900 }, true],
  ])('%s: %s', (_, extra, expected) => {
    expect(awaitsUnplug(stop(extra))).toBe(expected);
  });
});

describe('isHoldExhausted (ADR 0013: overstay within the hold)', () => {
  it.each<[string, HoldUse, boolean]>([
    ['PAYG below the hold', { method: 'PAYG', totalMinor: 2999, heldMinor: 3000 }, false],
    ['PAYG at the hold', { method: 'PAYG', totalMinor: 3000, heldMinor: 3000 }, true],
    ['PAYG above the hold', { method: 'PAYG', totalMinor: 3100, heldMinor: 3000 }, true],
    ['Google Pay at the hold', { method: 'GOOGLEPAY', totalMinor: 3000, heldMinor: 3000 }, true],
    ['Apple Pay below the hold', { method: 'APPLEPAY', totalMinor: 10, heldMinor: 3000 }, false],
    ['credit holds nothing: never', { method: 'CREDIT', totalMinor: 3000, heldMinor: 0 }, false],
    ['fuel card holds nothing: never', { method: 'FUELCARD', totalMinor: 5, heldMinor: 0 }, false],
  ])('%s: %s', (_, use, expected) => {
    expect(isHoldExhausted(use)).toBe(expected);
  });
});

describe('isUnplugWaitEndedByStart (ADR 0013: a new start means the car left)', () => {
  const stoppedAt = new Date('2026-11-25T12:00:00Z');
  const later = new Date('2026-11-25T12:30:00Z');
  const earlier = new Date('2026-11-25T11:30:00Z');
  it.each<
    [string, { transactionId: number | null; stoppedAt: Date | null }, Date, number, boolean]
  >([
    ['another transaction started after the stop', { transactionId: 1, stoppedAt }, later, 2, true],
    [
      'another transaction started at the stop',
      { transactionId: 1, stoppedAt },
      stoppedAt,
      2,
      true,
    ],
    [
      'another transaction started before the stop',
      { transactionId: 1, stoppedAt },
      earlier,
      2,
      false,
    ],
    ['its own transaction, replayed', { transactionId: 1, stoppedAt }, later, 1, false],
    ['not stopped yet', { transactionId: 1, stoppedAt: null }, later, 2, false],
  ])('%s: %s', (_, waiting, startedAt, transactionId, expected) => {
    expect(isUnplugWaitEndedByStart(waiting, { transactionId, startedAt })).toBe(expected);
  });
});
