import { DEFAULT_DECIMAL_DIGITS } from './money.ts';
import { isTariffFree, MINUTES_PER_PERIOD, type TariffDay } from './tariff.ts';
import { utcHalfHour } from './tariff-chart.ts';

/**
 * The tariff as the contract carries it (`TariffData`): rates are currency units per kWh with at
 * most 4 decimals (0.45 = 45p), amounts charged are integer minor units, times are minutes.
 */
export interface SessionTariff {
  standard_rate: number;
  alternate_rate: number | null;
  /** 'HH:mm' UTC. */
  alternate_time: string | null;
  connection_cost: number;
  costperperiod: number;
  period: number;
  initialperiod: number;
  overstaycostperperiod: number;
  overstayperiod: number;
  overstaygraceperiod: number;
  variability: { twentyfourseven: boolean; regular_hours: TariffDay[] } | null;
}

/** A reading of the charger's cumulative energy register. */
export interface MeterReading {
  at: Date;
  energyWh: number;
}

export interface SessionCostInput {
  tariff: SessionTariff;
  /** The currency's decimal_digits (spec 000 §3, default 2): minor units per major unit. */
  decimalDigits?: number;
  startedAt: Date;
  /** Null while the session goes on: the cost is then a live estimate up to `now`. */
  stoppedAt: Date | null;
  now: Date;
  meterStartWh: number;
  /** Null while the session goes on. */
  meterStopWh: number | null;
  /** MeterValues samples, any order; those outside the session are ignored. */
  samples: readonly MeterReading[];
  /** When the car stopped drawing power (SuspendedEV, or charging ended); null while it draws. */
  chargingEndedAt: Date | null;
  /**
   * When the car left the bay, for a session stopped with the cable still in: the overstay runs
   * on past the stop to this moment (pass `now` while the cable is still in). Unset, the
   * overstay ends with the session.
   */
  overstayUntil?: Date;
  /**
   * The card hold securing the session, if any: the overstay fee never takes the total above it
   * (the driver consented to that much; energy beyond it is owed as before, ADR 0006).
   */
  heldMinor?: number | null;
}

/** spec 001 §3 cost breakdown entry: one half hour, its rate (currency units/kWh) and kWh. */
export interface CostBreakdownItem {
  periodStart: string;
  rate: number;
  value: number;
}

export interface SessionCost {
  total: number;
  parts: { energy: number; connection: number; periods: number; overstay: number };
  breakdown: CostBreakdownItem[];
}

const HALF_HOUR_MS = MINUTES_PER_PERIOD * 60_000;
const MINUTE_MS = 60_000;
/** Rates have at most 4 decimals (the contract's multipleOf 0.0001): they are whole 1/10000ths. */
const RATE_SCALE = 10_000;

/** Every started `lengthMinutes` of `elapsedMs` (0 when nothing is charged per period). */
function startedPeriods(elapsedMs: number, lengthMinutes: number): number {
  if (lengthMinutes <= 0 || elapsedMs <= 0) return 0;
  return Math.ceil(elapsedMs / (lengthMinutes * MINUTE_MS));
}

const minutesOfDay = (hhmm: string) => {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return hours * 60 + minutes;
};

/**
 * The rate in force at a moment, currency units per kWh. A variable tariff reads the half hour of
 * its weekday (1 = Monday, UTC, as the tariff chart shows it); a weekday it does not list is at the
 * standard rate. Otherwise the alternate rate applies from `alternate_time` (UTC) until midnight,
 * and the standard rate from midnight until `alternate_time`.
 */
export function rateAt(tariff: SessionTariff, at: Date): number {
  const regularHours = tariff.variability?.regular_hours ?? [];
  if (regularHours.length > 0) {
    const { weekday, period } = utcHalfHour(at);
    const day = regularHours.find((hours) => hours.weekday === weekday);
    return day?.periods[period]?.standard_rate ?? tariff.standard_rate;
  }
  if (tariff.alternate_rate !== null && tariff.alternate_time !== null) {
    const minute = at.getUTCHours() * 60 + at.getUTCMinutes();
    if (minute >= minutesOfDay(tariff.alternate_time)) return tariff.alternate_rate;
  }
  return tariff.standard_rate;
}

/**
 * The register at each moment the session has a reading for: the start, the samples in between
 * and the stop. Kept between the start and stop values and never going back, so a glitching
 * sample cannot make energy negative or exceed what the charger finally reported.
 */
function readings(input: SessionCostInput, end: Date): MeterReading[] {
  const start = input.startedAt.getTime();
  const stop = end.getTime();
  const ceiling = input.meterStopWh ?? Number.POSITIVE_INFINITY;
  const points: MeterReading[] = [{ at: input.startedAt, energyWh: input.meterStartWh }];
  const inside = input.samples
    .filter((sample) => sample.at.getTime() > start && sample.at.getTime() < stop)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  let highest = input.meterStartWh;
  for (const sample of inside) {
    highest = Math.min(ceiling, Math.max(highest, sample.energyWh));
    points.push({ at: sample.at, energyWh: highest });
  }
  if (input.stoppedAt && input.meterStopWh !== null) {
    points.push({ at: input.stoppedAt, energyWh: Math.max(highest, input.meterStopWh) });
  }
  return points;
}

/** The register at `at`, straight-line between readings, rounded half up to a whole Wh. */
function registerAt(points: readonly MeterReading[], at: number): number {
  const first = points[0];
  if (!first || at <= first.at.getTime()) return first?.energyWh ?? 0;
  for (let i = 1; i < points.length; i += 1) {
    const before = points[i - 1];
    const after = points[i];
    if (!before || !after) break;
    const t1 = after.at.getTime();
    if (at > t1) continue;
    const t0 = before.at.getTime();
    const share = t1 === t0 ? 1 : (at - t0) / (t1 - t0);
    return Math.floor(before.energyWh + (after.energyWh - before.energyWh) * share + 0.5);
  }
  return points[points.length - 1]?.energyWh ?? 0;
}

/**
 * The cost of a charging session, in integer minor units.
 *
 * Energy: the session is cut into the UTC half hours it spans. The energy of a half hour is the
 * register at its end minus the register at its start, the register drawn as a straight line
 * between meter readings and rounded half up to a whole Wh at each boundary, so the half hours add
 * up exactly to meterStop − meterStart. Each half hour is priced at the rate in force when the
 * session's part of it begins (`rateAt`). The energy cost is summed exactly as a fraction
 * (rate in 1/10000 units × Wh × 10^digits / 10^7) and rounded half up once, at the end.
 *
 * Connection: `connection_cost` once per session.
 * Periods: after the first `initialperiod` minutes, `costperperiod` for every started `period`
 * minutes of the session (start to stop, or to now while it goes on); a `period` of 0 charges none.
 * Overstay: once the car stopped drawing (`chargingEndedAt`, else the stop) while it still holds
 * the bay (to the stop, or to `overstayUntil` when the cable stayed in after it),
 * `overstaycostperperiod` for every started `overstayperiod` minutes beyond the first
 * `overstaygraceperiod` minutes; an `overstayperiod` of 0 charges none. With a card hold
 * (`heldMinor`), the overstay fee is cut so the total does not exceed the hold.
 * A free tariff (spec 001 §5) costs 0 whatever was drawn.
 */
export function sessionCost(input: SessionCostInput): SessionCost {
  const { tariff } = input;
  const digits = input.decimalDigits ?? DEFAULT_DECIMAL_DIGITS;
  const end = input.stoppedAt ?? input.now;
  const startMs = input.startedAt.getTime();
  const endMs = Math.max(startMs, end.getTime());
  const points = readings(input, new Date(endMs));

  const breakdown: CostBreakdownItem[] = [];
  let energyNumerator = 0n;
  let sliceStart = Math.floor(startMs / HALF_HOUR_MS) * HALF_HOUR_MS;
  do {
    const from = Math.max(sliceStart, startMs);
    const to = Math.min(sliceStart + HALF_HOUR_MS, endMs);
    const wh = registerAt(points, to) - registerAt(points, from);
    const rate = rateAt(tariff, new Date(from));
    energyNumerator += BigInt(Math.round(rate * RATE_SCALE)) * BigInt(wh);
    breakdown.push({ periodStart: new Date(sliceStart).toISOString(), rate, value: wh / 1000 });
    sliceStart += HALF_HOUR_MS;
  } while (sliceStart < endMs);
  const denominator = BigInt(RATE_SCALE * 1000) / 10n ** BigInt(Math.min(digits, 7));
  const scaled = energyNumerator * 10n ** BigInt(Math.max(0, digits - 7));
  const energy = Number((scaled * 2n + denominator) / (2n * denominator));

  const durationMs = endMs - startMs;
  const periods =
    startedPeriods(durationMs - tariff.initialperiod * MINUTE_MS, tariff.period) *
    tariff.costperperiod;
  const idleSince = input.chargingEndedAt ?? input.stoppedAt;
  const idleUntil = Math.max(endMs, input.overstayUntil?.getTime() ?? endMs);
  const idleMs = idleSince ? idleUntil - Math.max(startMs, idleSince.getTime()) : 0;
  const overstayFee =
    startedPeriods(idleMs - tariff.overstaygraceperiod * MINUTE_MS, tariff.overstayperiod) *
    tariff.overstaycostperperiod;
  const beforeOverstay = energy + tariff.connection_cost + periods;
  const overstay =
    input.heldMinor === undefined || input.heldMinor === null
      ? overstayFee
      : Math.min(overstayFee, Math.max(0, input.heldMinor - beforeOverstay));

  const parts = isTariffFree(tariff)
    ? { energy: 0, connection: 0, periods: 0, overstay: 0 }
    : { energy, connection: tariff.connection_cost, periods, overstay };
  return {
    total: parts.energy + parts.connection + parts.periods + parts.overstay,
    parts,
    breakdown,
  };
}

/**
 * True when the tariff charges for a car left in the bay after charging: then a session stopped
 * with the cable still in is settled only once the cable is out.
 */
export function hasOverstayFees(tariff: SessionTariff): boolean {
  return !isTariffFree(tariff) && tariff.overstayperiod > 0 && tariff.overstaycostperperiod > 0;
}

/** The same meter reading rules, for the history's 10- and 30-minute histograms. */
export { readings as sessionMeterReadings, registerAt as meterRegisterAt };
