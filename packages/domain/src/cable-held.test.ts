import { describe, expect, it } from 'vitest';
import { isCableHeld } from './cable-held.ts';

describe('isCableHeld (ADR 0013: Preparing, Charging, Suspended*, Finishing)', () => {
  it.each<[string | null | undefined, boolean]>([
    ['Preparing', true],
    ['Charging', true],
    ['SuspendedEV', true],
    ['SuspendedEVSE', true],
    ['Finishing', true],
    ['Available', false],
    ['Faulted', false],
    ['Unavailable', false],
    ['Reserved', false],
    ['Offline', false],
    ['Unknown', false],
    ['charging', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%s: %s', (status, expected) => {
    expect(isCableHeld(status)).toBe(expected);
  });
});
