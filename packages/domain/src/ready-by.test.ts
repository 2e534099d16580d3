import { describe, expect, it } from 'vitest';
import {
  planReadyBy,
  type DailySlot,
  type ReadyByInput,
  targetKwhFromBattery,
} from './ready-by.ts';

const H = 3600;
const dayOnly = { dayRatePence: 24.5, night: null };
const night = (ratePence: number, start: string, end: string, dayRatePence = 24.5) => ({
  dayRatePence,
  night: { ratePence, start, end },
});
const slot = (start: number, end: number): DailySlot => ({ startSeconds: start, endSeconds: end });

describe('planReadyBy: the cheapest half-hours of the 24 hours before ready-by', () => {
  it.each<[string, ReadyByInput, DailySlot[], number, boolean]>([
    [
      'all at the night rate, the latest of equal ones',
      {
        tariff: night(7.5, '00:30', '04:30'),
        powerKw: 7,
        targetKwh: 14,
        readyBy: '07:00',
        allowed: null,
      },
      [slot(2.5 * H, 4.5 * H)],
      105,
      true,
    ],
    [
      'one rate all day: the half-hours just before ready-by; rounded once at the end',
      { tariff: dayOnly, powerKw: 7, targetKwh: 5, readyBy: '07:00', allowed: null },
      [slot(6 * H, 7 * H)],
      123,
      true,
    ],
    [
      'a night across midnight, ready by 00:30: split at midnight',
      {
        tariff: night(5, '23:00', '05:00'),
        powerKw: 7,
        targetKwh: 7,
        readyBy: '00:30',
        allowed: null,
      },
      [slot(0, 0.5 * H), slot(23.5 * H, 24 * H)],
      35,
      true,
    ],
    [
      'only where the schedule allows',
      {
        tariff: dayOnly,
        powerKw: 7,
        targetKwh: 3.5,
        readyBy: '07:00',
        allowed: [slot(11 * H, 16 * H)],
      },
      [slot(15.5 * H, 16 * H)],
      86,
      true,
    ],
    [
      'not enough allowed time: all of it, and says so',
      { tariff: dayOnly, powerKw: 7, targetKwh: 14, readyBy: '07:00', allowed: [slot(0, H)] },
      [slot(0, H)],
      172,
      false,
    ],
    [
      'the last half-hour in time delivers only what is still wanted',
      {
        tariff: night(5, '04:00', '04:30', 20),
        powerKw: 7,
        targetKwh: 5,
        readyBy: '05:00',
        allowed: null,
      },
      [slot(4 * H, 5 * H)],
      48,
      true,
    ],
    [
      'nothing wanted: nothing chosen',
      { tariff: dayOnly, powerKw: 7, targetKwh: 0, readyBy: '07:00', allowed: null },
      [],
      0,
      true,
    ],
  ])('%s', (_case, input, slots, cost, enough) => {
    expect(planReadyBy(input)).toEqual({ slots, expectedCostPence: cost, enough });
  });

  it('a ready-by that is not a time plans nothing', () => {
    expect(
      planReadyBy({ tariff: dayOnly, powerKw: 7, targetKwh: 5, readyBy: '7am', allowed: null }),
    ).toBeNull();
  });
});

describe('targetKwhFromBattery: a share of the car’s battery, in kWh to a tenth', () => {
  it.each<[string, number, number, number | null]>([
    ['80 % of a 60 kWh battery', 80, 60, 48],
    ['half of a 77 kWh battery', 50, 77, 38.5],
    ['a third of a 64 kWh battery, to a tenth', 33, 64, 21.1],
    ['the whole of a 40 kWh battery', 100, 40, 40],
    ['no share at all', 0, 60, null],
    ['more than the whole battery', 120, 60, null],
    ['a battery of no size', 50, 0, null],
    ['a battery larger than any target may be', 50, 250, null],
    ['a share that is not a number', Number.NaN, 60, null],
  ])('%s', (_case, percent, batteryKwh, expected) => {
    expect(targetKwhFromBattery(percent, batteryKwh)).toBe(expected);
  });
});
