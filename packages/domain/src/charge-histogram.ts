import {
  meterRegisterAt,
  rateAt,
  sessionMeterReadings,
  type SessionCostInput,
} from './session-cost.ts';

/** spec 001 §3: the two histograms a charge history item carries. */
export const HISTOGRAM_MINUTES = { histogram10: 10, histogram30: 30 } as const;

export interface HistogramPeriod {
  periodStart: string;
  periodEnd: string;
  /** kWh drawn in the period. */
  value: number;
  /** Currency units per kWh in force when the session's part of the period began. */
  rate: number;
}

export interface ChargeHistogram {
  startDate: string;
  endDate: string;
  periods: HistogramPeriod[];
}

const MINUTE_MS = 60_000;

/**
 * The energy of a session cut into `minutes`-long UTC periods (the first and last may be partly
 * outside the session). Energy per period follows the cost engine exactly: the meter register
 * drawn as a straight line between readings, rounded to a whole Wh at each boundary, so the
 * periods add up to meterStop − meterStart and the 30-minute one equals the cost breakdown.
 */
export function chargeHistogram(input: SessionCostInput, minutes: number): ChargeHistogram {
  const lengthMs = minutes * MINUTE_MS;
  const startMs = input.startedAt.getTime();
  const endMs = Math.max(startMs, (input.stoppedAt ?? input.now).getTime());
  const points = sessionMeterReadings(input, new Date(endMs));
  const periods: HistogramPeriod[] = [];
  let sliceStart = Math.floor(startMs / lengthMs) * lengthMs;
  do {
    const from = Math.max(sliceStart, startMs);
    const to = Math.min(sliceStart + lengthMs, endMs);
    const wh = meterRegisterAt(points, to) - meterRegisterAt(points, from);
    periods.push({
      periodStart: new Date(sliceStart).toISOString(),
      periodEnd: new Date(sliceStart + lengthMs).toISOString(),
      value: wh / 1000,
      rate: rateAt(input.tariff, new Date(from)),
    });
    sliceStart += lengthMs;
  } while (sliceStart < endMs);
  return {
    startDate: new Date(startMs).toISOString(),
    endDate: new Date(endMs).toISOString(),
    periods,
  };
}
