import {
  DAY_MINUTES,
  isSlotValid,
  secondsToClockTime,
  WEEK_DAYS,
  type ClockSlot,
  type WeekDay,
} from './schedules.ts';

const DAY_SECONDS = DAY_MINUTES * 60;

/** A slot as the server keeps it: seconds from midnight (an end of 0 counts as 86400). */
export interface SecondsSlot {
  startSeconds: number;
  endSeconds: number;
}

/** A schedule as the owner saves it. */
export interface SchedulePlan {
  name: string;
  days: readonly WeekDay[];
  slots: readonly SecondsSlot[];
}

/** What is wrong with a set of schedules: which schedule, which slot (if any), and why. */
export interface ScheduleProblem {
  schedule: number;
  slot: number | null;
  reason:
    | 'not on a whole minute'
    | 'out of the day'
    | 'starts at or after its end'
    | 'overlaps another slot'
    | 'day used by another schedule';
  /** For a day used twice: the day and the schedule that has it first. */
  day?: WeekDay;
  otherSchedule?: number;
}

/** A slot on the clock (HH:mm); 86400 reads 00:00, which as an end counts as 24:00 (spec 001 §5). */
export const clockSlotOf = (slot: SecondsSlot): ClockSlot => ({
  start: secondsToClockTime(slot.startSeconds),
  end: secondsToClockTime(slot.endSeconds),
});

function slotProblem(
  slot: SecondsSlot,
  others: readonly SecondsSlot[],
): ScheduleProblem['reason'] | null {
  const inDay = (value: number, last: number) =>
    Number.isInteger(value) && value >= 0 && value <= last;
  if (!inDay(slot.startSeconds, DAY_SECONDS - 60) || !inDay(slot.endSeconds, DAY_SECONDS)) {
    return 'out of the day';
  }
  if (slot.startSeconds % 60 !== 0 || slot.endSeconds % 60 !== 0) return 'not on a whole minute';
  const clock = clockSlotOf(slot);
  if (!isSlotValid(clock, [])) return 'starts at or after its end';
  return isSlotValid(clock, others.map(clockSlotOf)) ? null : 'overlaps another slot';
}

/**
 * The first thing wrong with a set of weekly schedules, or null: every slot valid by the clock's
 * rules (spec 001 §5: start strictly before end, an end of 00:00 counts as 24:00, no overlap with
 * another slot of the same schedule, touching included) and no day in two schedules (§4).
 */
export function scheduleProblem(schedules: readonly SchedulePlan[]): ScheduleProblem | null {
  const dayOwner = new Map<WeekDay, number>();
  for (const [index, schedule] of schedules.entries()) {
    for (const [slotIndex, slot] of schedule.slots.entries()) {
      // Each slot against those before it: the later of two overlapping slots is the one named.
      const others = schedule.slots.slice(0, slotIndex);
      const reason = slotProblem(slot, others);
      if (reason) return { schedule: index, slot: slotIndex, reason };
    }
    for (const day of new Set(schedule.days)) {
      const first = dayOwner.get(day);
      if (first !== undefined) {
        return {
          schedule: index,
          slot: null,
          reason: 'day used by another schedule',
          day,
          otherSchedule: first,
        };
      }
      dayOwner.set(day, index);
    }
  }
  return null;
}

/** The days of the week in their order, each once. */
export const orderedDays = (days: readonly WeekDay[]): WeekDay[] =>
  WEEK_DAYS.filter((day) => days.includes(day));
