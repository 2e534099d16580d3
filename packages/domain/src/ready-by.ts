import { isInWindow, minutesOfDay, type HomeTariff } from './home-tariff.ts';
import { DAY_MINUTES } from './schedules.ts';

const HALF_HOUR = 30;

/** A slot of the day in seconds from midnight. */
export interface DailySlot {
  startSeconds: number;
  endSeconds: number;
}

export interface ReadyByInput {
  tariff: Pick<HomeTariff, 'dayRatePence' | 'night'>;
  /** The charger's power, kW. */
  powerKw: number;
  targetKwh: number;
  /** HH:mm, local time. */
  readyBy: string;
  /** The slots of the day the charger's schedule allows; null: all day. */
  allowed: readonly DailySlot[] | null;
}

export interface ReadyByPlan {
  /** The chosen half-hours as daily slots, adjacent ones merged, split at midnight. */
  slots: DailySlot[];
  /** What the target costs charged in those half-hours, pence, rounded once. */
  expectedCostPence: number;
  /** Whether the allowed half-hours deliver the whole target. */
  enough: boolean;
}

/** The half-hour's rate: the night rate when it starts inside the night window. */
function rateAt(tariff: ReadyByInput['tariff'], minute: number): number {
  const night = tariff.night;
  const start = night && minutesOfDay(night.start);
  const end = night && minutesOfDay(night.end);
  if (!night || start === null || end === null) return tariff.dayRatePence;
  return isInWindow(minute, start, end) ? night.ratePence : tariff.dayRatePence;
}

/** Whether [start, start + 30) minutes of the day lies inside the allowed slots. */
function isAllowed(allowed: readonly DailySlot[] | null, start: number): boolean {
  if (allowed === null) return true;
  const minutes = allowed.map((slot) => ({
    start: slot.startSeconds / 60,
    end: slot.endSeconds === 0 ? DAY_MINUTES : slot.endSeconds / 60,
  }));
  // A half-hour may run on from one slot into the next (23:30–00:30 over midnight).
  for (let minute = start; minute < start + HALF_HOUR; minute += 1) {
    const ofDay = minute % DAY_MINUTES;
    if (!minutes.some((slot) => ofDay >= slot.start && ofDay < slot.end)) return false;
  }
  return true;
}

/** Minute ranges of the day, split at midnight, sorted, touching ones merged, as seconds. */
function dailySlots(ranges: readonly { start: number; end: number }[]): DailySlot[] {
  const pieces = ranges
    .flatMap((range) => {
      const start = range.start % DAY_MINUTES;
      const end = start + (range.end - range.start);
      return end <= DAY_MINUTES
        ? [{ start, end }]
        : [
            { start, end: DAY_MINUTES },
            { start: 0, end: end - DAY_MINUTES },
          ];
    })
    .sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const piece of pieces) {
    const last = merged.at(-1);
    if (last && piece.start <= last.end) last.end = Math.max(last.end, piece.end);
    else merged.push({ ...piece });
  }
  return merged.map((piece) => ({ startSeconds: piece.start * 60, endSeconds: piece.end * 60 }));
}

/**
 * "Ready by" (issue 17): the cheapest half-hours of the 24 hours before `readyBy` that the schedule
 * allows (ties: the later half-hour), enough to deliver `targetKwh` at `powerKw`, as daily slots,
 * and the expected cost: each chosen half-hour in time order delivers what is still wanted, at its
 * rate; the total is rounded once. Null when `readyBy` is not a time.
 */
export function planReadyBy(input: ReadyByInput): ReadyByPlan | null {
  const readyBy = minutesOfDay(input.readyBy);
  if (readyBy === null) return null;
  const perHalfHour = Math.max(0, input.powerKw) / 2;
  const halfHours = Array.from({ length: DAY_MINUTES / HALF_HOUR }, (_unused, index) => {
    // From readyBy a day earlier, half-hour by half-hour up to readyBy.
    const start = readyBy + index * HALF_HOUR;
    return { index, start, rate: rateAt(input.tariff, start % DAY_MINUTES) };
  }).filter((half) => isAllowed(input.allowed, half.start % DAY_MINUTES));
  const wanted = Math.max(0, input.targetKwh);
  const cheapest = [...halfHours].sort((a, b) => a.rate - b.rate || b.index - a.index);
  const chosen: typeof halfHours = [];
  let planned = 0;
  for (const half of cheapest) {
    if (planned >= wanted || perHalfHour === 0) break;
    chosen.push(half);
    planned += perHalfHour;
  }
  let remaining = wanted;
  let cost = 0;
  for (const half of [...chosen].sort((a, b) => a.index - b.index)) {
    const delivered = Math.min(remaining, perHalfHour);
    cost += delivered * half.rate;
    remaining -= delivered;
  }
  return {
    slots: dailySlots(chosen.map((half) => ({ start: half.start, end: half.start + HALF_HOUR }))),
    expectedCostPence: Math.round(cost),
    enough: remaining <= 1e-9,
  };
}

/** The most a ready-by target may ask for, kWh (the contract's bound). */
export const READY_BY_MAX_KWH = 200;

/**
 * A ready-by target given as a share of the car's battery: that share of its size in kWh, to a
 * tenth of a kWh. Null when the share is not 1–100 % or the size not a positive number up to
 * READY_BY_MAX_KWH.
 */
export function targetKwhFromBattery(percent: number, batteryKwh: number): number | null {
  if (!Number.isFinite(percent) || percent <= 0 || percent > 100) return null;
  if (!Number.isFinite(batteryKwh) || batteryKwh <= 0 || batteryKwh > READY_BY_MAX_KWH) return null;
  return Math.round((batteryKwh * percent) / 10) / 10;
}
