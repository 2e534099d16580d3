import { describe, expect, it } from 'vitest';
import {
  costPerKwh,
  durationText,
  energyKwh,
  transactionDurationSeconds,
} from './transaction-figures.ts';

describe('energyKwh (spec 001 §9: (meterStop − meterStart) / 1000 rounded to 2)', () => {
  it.each([
    [0, 10_000, 10],
    [1000, 13_456, 12.46],
    [0, 1234, 1.23],
    [0, 1235, 1.24],
    [0, 4, 0],
    [0, 5, 0.01],
    [5000, 5000, 0],
    [5000, 4000, 0],
  ])('from %i Wh to %i Wh is %f kWh', (start, stop, kWh) => {
    expect(energyKwh(start, stop)).toBe(kWh);
  });
});

describe('transactionDurationSeconds (spec 001 §4)', () => {
  const start = new Date('2026-03-02T10:00:00Z');
  const end = new Date('2026-03-02T11:30:15Z');
  const now = new Date('2026-03-02T12:00:00Z');
  it.each([
    ['finished: end minus start', end, true, now, 5415],
    ['ongoing: now minus start', null, false, now, 7200],
    ['ongoing with an end not yet final: still now minus start', end, false, now, 7200],
    [
      'a charger clock ahead of ours is never negative',
      null,
      false,
      new Date('2026-03-02T09:59:00Z'),
      0,
    ],
  ])('%s', (_name, endedAt, finished, at, seconds) => {
    expect(transactionDurationSeconds({ startedAt: start, endedAt, finished, now: at })).toBe(
      seconds,
    );
  });
});

describe('costPerKwh (spec 001 §9: only when kWh and cost both exceed 0)', () => {
  it.each([
    [450, 10, 45],
    [100, 0.5, 200],
    [0, 10, null],
    [450, 0, null],
    [0, 0, null],
    // Issue 19: an average with the fees in it — '£17.33/kWh at York' (a £1.04 connection fee on
    // 0.06 kWh) and '50p at a 45p tariff' (a 50p connection fee on 10 kWh).
    [104, 0.06, 104 / 0.06],
    [500, 10, 50],
  ])('%i minor units for %f kWh → %s', (cost, kWh, expected) => {
    expect(costPerKwh(cost, kWh)).toBe(expected);
  });
});

describe('durationText (spec 001 §9: HH:mm:ss)', () => {
  it.each([
    [0, '00:00:00'],
    [59, '00:00:59'],
    [5415, '01:30:15'],
    [90_061, '25:01:01'],
  ])('%i s is %s', (seconds, text) => {
    expect(durationText(seconds)).toBe(text);
  });
});
