import { describe, expect, it } from 'vitest';
import { readMeterValues } from './meter-values.ts';

const at = new Date('2026-01-01T10:00:00Z');

describe('readMeterValues', () => {
  it.each([
    ['a value without measurand is the energy register', [{ value: '1500' }], 1500, null, null],
    ['kWh becomes Wh', [{ value: '1.5', unit: 'kWh' }], 1500, null, null],
    [
      'power in kW becomes W',
      [{ value: '7.2', measurand: 'Power.Active.Import', unit: 'kW' }],
      null,
      7200,
      null,
    ],
    ['state of charge', [{ value: '64', measurand: 'SoC', unit: 'Percent' }], null, null, 64],
    [
      'per-phase values are left out',
      [{ value: '99', measurand: 'Power.Active.Import', unit: 'W', phase: 'L1' }],
      null,
      null,
      null,
    ],
  ])('%s', (_name, sampledValue, energyWh, powerW, socPercent) => {
    const [sample] = readMeterValues([{ timestamp: at.toISOString(), sampledValue }], new Date());
    expect(sample).toEqual({ sampledAt: at, energyWh, powerW, socPercent });
  });

  it('takes the fallback time when the timestamp is not a date', () => {
    const [sample] = readMeterValues([{ timestamp: 'soon', sampledValue: [] }], at);
    expect(sample?.sampledAt).toEqual(at);
  });
});
