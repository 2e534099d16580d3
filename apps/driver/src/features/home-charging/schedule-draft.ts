import type { ChargerSchedulesView, PutChargerSchedulesRequest } from '@evc/contract';
import { WEEK_DAYS, slotSeconds, type ScheduleTypeCode, type WeekDay } from '@evc/domain';
import type { IncomingSlot, ScheduleArc } from '../../ui/schedule-clock/schedule-clock.tsx';

/** One schedule as the page edits it; `key` is its _id once the server has it. */
export interface DraftSchedule {
  key: string;
  saved: boolean;
  name: string;
  days: WeekDay[];
  slots: IncomingSlot[];
  editable: boolean;
}

/** The schedules page's state: what the owner is changing, before it is saved. */
export interface SchedulesDraft {
  scheduleType: ScheduleTypeCode;
  schedules: DraftSchedule[];
  /** The slot ids the server gave; the clock's new slots go without one. */
  savedSlotIds: ReadonlySet<string>;
}

export function draftFrom(view: ChargerSchedulesView): SchedulesDraft {
  // The read-only Default schedule comes along while it is the type; the page shows it apart.
  const owned = view.schedules.filter((schedule) => schedule.editable);
  return {
    scheduleType: view.scheduleType,
    schedules: owned.map((schedule) => ({
      key: schedule._id,
      saved: true,
      name: schedule.name,
      days: WEEK_DAYS.filter((day) => schedule.days.includes(day)),
      slots: schedule.slots,
      editable: schedule.editable,
    })),
    savedSlotIds: new Set(owned.flatMap((schedule) => schedule.slots.map((s) => s._id))),
  };
}

/** The clock's arcs as slots in seconds from midnight (an off time of 00:00 is 24:00). */
export function slotsFromClock(arcs: readonly ScheduleArc[]): IncomingSlot[] {
  return arcs.flatMap((arc) => {
    const seconds = slotSeconds({ start: arc.arcStart, end: arc.arcEnd });
    return seconds ? [{ _id: arc.id, ...seconds }] : [];
  });
}

/** The PUT body: new schedules and slots without an _id, slots in the order of the day. */
export function scheduleRequest(draft: SchedulesDraft): PutChargerSchedulesRequest {
  return {
    scheduleType: draft.scheduleType,
    schedules: draft.schedules.map((schedule) => ({
      ...(schedule.saved ? { _id: schedule.key } : {}),
      name: schedule.name.trim(),
      days: WEEK_DAYS.filter((day) => schedule.days.includes(day)),
      slots: [...schedule.slots]
        .sort((a, b) => a.startSeconds - b.startSeconds)
        .map((slot) => ({
          ...(draft.savedSlotIds.has(slot._id) ? { _id: slot._id } : {}),
          startSeconds: slot.startSeconds,
          endSeconds: slot.endSeconds,
        })),
      editable: schedule.editable,
    })),
  };
}

export const sameSchedules = (a: SchedulesDraft, b: SchedulesDraft) =>
  JSON.stringify(scheduleRequest(a)) === JSON.stringify(scheduleRequest(b));

/** What keeps a Custom type from being saved (spec 001 §4's notice): a schedule with nothing to charge in. */
export type EmptySchedule =
  { kind: 'noSchedules' } | { kind: 'noDays' | 'noSlots' | 'noName'; index: number };

export function emptySchedule(draft: SchedulesDraft): EmptySchedule | null {
  if (draft.scheduleType !== 'CUSTOM') return null;
  if (draft.schedules.length === 0) return { kind: 'noSchedules' };
  for (const [index, schedule] of draft.schedules.entries()) {
    if (schedule.name.trim() === '') return { kind: 'noName', index };
    if (schedule.days.length === 0) return { kind: 'noDays', index };
    if (schedule.slots.length === 0) return { kind: 'noSlots', index };
  }
  return null;
}

/** A new schedule takes the days no other schedule has. */
export function newSchedule(draft: SchedulesDraft, key: string, name: string): DraftSchedule {
  const taken = new Set(draft.schedules.flatMap((schedule) => schedule.days));
  return {
    key,
    saved: false,
    name,
    days: WEEK_DAYS.filter((day) => !taken.has(day)),
    slots: [],
    editable: true,
  };
}
