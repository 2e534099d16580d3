import { sessionCost, type SessionCost, type SessionTariff } from './session-cost.ts';

/** Issue 15: the charge a price estimate is shown for, before a guest pays. */
export const TYPICAL_CHARGE_KWH = 20;

export interface ChargeEstimateInput {
  tariff: SessionTariff;
  /** The connector's rated power; the estimate assumes the car draws it throughout. */
  powerKw: number;
  /** When the charge would start (now): a variable or two-rate tariff is priced from then. */
  startAt: Date;
  decimalDigits?: number;
  energyKwh?: number;
}

export interface ChargeEstimate extends SessionCost {
  energyKwh: number;
  durationMinutes: number;
}

/**
 * What a typical charge would cost at this tariff: `energyKwh` (20 kWh) drawn at the connector's
 * full power from `startAt`, priced by the same rule as a real session (energy per half hour at
 * the rate then in force, connection fee, time fees after the initial period), with the car
 * leaving as soon as it is full, so no overstay. Null when the power is unknown (0).
 */
export function chargeEstimate(input: ChargeEstimateInput): ChargeEstimate | null {
  const energyKwh = input.energyKwh ?? TYPICAL_CHARGE_KWH;
  if (!(input.powerKw > 0) || !(energyKwh > 0)) return null;
  const durationMinutes = Math.ceil((energyKwh / input.powerKw) * 60);
  const stoppedAt = new Date(input.startAt.getTime() + durationMinutes * 60_000);
  const cost = sessionCost({
    tariff: input.tariff,
    ...(input.decimalDigits === undefined ? {} : { decimalDigits: input.decimalDigits }),
    startedAt: input.startAt,
    stoppedAt,
    now: stoppedAt,
    meterStartWh: 0,
    meterStopWh: Math.round(energyKwh * 1000),
    samples: [],
    chargingEndedAt: stoppedAt,
  });
  return { ...cost, energyKwh, durationMinutes };
}
