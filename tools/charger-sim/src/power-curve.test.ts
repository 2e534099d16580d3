import { describe, expect, it } from 'vitest';
import { chargingPowerW } from './power-curve.ts';

describe('chargingPowerW', () => {
  it.each([
    ['starts at nothing', 0, 20, 0],
    ['ramps up', 15, 20, 11000],
    ['holds near full power mid-charge', 600, 50, 22000],
    ['tapers near full', 600, 90, 12100],
    ['a tenth of the power just before full', 600, 99.999, 2200],
    ['stops when full', 600, 100, 0],
  ])('%s', (_name, elapsedSeconds, socPercent, expected) => {
    expect(chargingPowerW({ maxPowerW: 22000, elapsedSeconds, socPercent })).toBeCloseTo(
      expected,
      -1,
    );
  });
});
