import { describe, expect, it } from 'vitest';
import { chargeEstimate, TYPICAL_CHARGE_KWH } from './charge-estimate.ts';
import { testTariff } from './test-tariff.ts';
import type { SessionTariff } from './session-cost.ts';

const flat = testTariff();
const noon = new Date('2026-11-26T12:00:00Z');

describe('chargeEstimate (issue 15: a typical 20 kWh charge before paying)', () => {
  it.each<[string, Partial<SessionTariff>, number, number, number, number]>([
    // name, tariff changes, power kW, total, minutes, period fees
    ['energy only: 20 kWh at 45p', {}, 7, 900, 172, 0],
    ['plus a connection fee', { connection_cost: 150 }, 7, 1050, 172, 0],
    [
      'plus 50p every started 30 min after the first hour',
      { costperperiod: 50, period: 30, initialperiod: 60 },
      7,
      1100,
      172,
      200,
    ],
    [
      'a fast charger leaves the time fee small',
      { costperperiod: 50, period: 30 },
      50,
      950,
      24,
      50,
    ],
    [
      'overstay fees are not part of a charge left when full',
      { overstaycostperperiod: 500, overstayperiod: 10 },
      7,
      900,
      172,
      0,
    ],
    ['a free tariff costs nothing', { standard_rate: 0 }, 22, 0, 55, 0],
  ])('%s', (_name, changes, powerKw, total, minutes, periods) => {
    const estimate = chargeEstimate({ tariff: { ...flat, ...changes }, powerKw, startAt: noon });
    expect(estimate?.energyKwh).toBe(TYPICAL_CHARGE_KWH);
    expect(estimate?.durationMinutes).toBe(minutes);
    expect(estimate?.parts.periods).toBe(periods);
    expect(estimate?.total).toBe(total);
  });

  it('prices a two-rate tariff from the start time on', () => {
    const tariff = { ...flat, alternate_rate: 0.2, alternate_time: '12:00' };
    expect(chargeEstimate({ tariff, powerKw: 20, startAt: noon })?.total).toBe(400);
    const morning = new Date('2026-11-26T10:00:00Z');
    expect(chargeEstimate({ tariff, powerKw: 20, startAt: morning })?.total).toBe(900);
  });

  it.each([0, -3, Number.NaN])('has no estimate for an unknown power (%s kW)', (powerKw) => {
    expect(chargeEstimate({ tariff: flat, powerKw, startAt: noon })).toBeNull();
  });
});
