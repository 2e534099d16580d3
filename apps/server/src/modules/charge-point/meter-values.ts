/** One sample read from an OCPP 1.6 MeterValue: energy register, power and state of charge. */
export interface ReadSample {
  sampledAt: Date;
  energyWh: number | null;
  powerW: number | null;
  socPercent: number | null;
}

interface SampledValue {
  value?: unknown;
  measurand?: unknown;
  unit?: unknown;
  phase?: unknown;
}

const ENERGY = 'Energy.Active.Import.Register';

function numberOf(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * Reads OCPP 1.6 meterValue entries. A sampled value without a measurand is the energy register
 * (OCPP 1.6 §7.31); kWh and kW are converted to Wh and W; per-phase values are left out in
 * favour of the total.
 */
export function readMeterValues(entries: unknown, fallback: Date): ReadSample[] {
  if (!Array.isArray(entries)) return [];
  const samples: ReadSample[] = [];
  for (const entry of entries as { timestamp?: unknown; sampledValue?: unknown }[]) {
    const stamp = typeof entry.timestamp === 'string' ? new Date(entry.timestamp) : fallback;
    const sample: ReadSample = {
      sampledAt: Number.isNaN(stamp.getTime()) ? fallback : stamp,
      energyWh: null,
      powerW: null,
      socPercent: null,
    };
    const values = Array.isArray(entry.sampledValue) ? (entry.sampledValue as SampledValue[]) : [];
    for (const value of values) {
      if (value.phase !== undefined) continue;
      const n = numberOf(value.value);
      if (n === null) continue;
      const measurand = typeof value.measurand === 'string' ? value.measurand : ENERGY;
      const unit = typeof value.unit === 'string' ? value.unit : undefined;
      if (measurand === ENERGY) sample.energyWh = Math.round(unit === 'kWh' ? n * 1000 : n);
      else if (measurand === 'Power.Active.Import') sample.powerW = unit === 'kW' ? n * 1000 : n;
      else if (measurand === 'SoC') sample.socPercent = n;
    }
    samples.push(sample);
  }
  return samples;
}
