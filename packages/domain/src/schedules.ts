import { isInWindow, minutesOfDay } from './home-tariff.ts';

/** spec 001 §9: the schedule clock's constants. */
export const CLOCK_HOURS = 24;
export const CLOCK_STEP_MINUTES = 30;
export const MIN_FREE_GAP_MINUTES = 90;
export const NEW_SLOT_MINUTES = 30;
export const DAY_MINUTES = 1440;
export const CLOCK_DIAL_SIZE = 330;
/** spec 001 §9: a randomised delay of up to 10 minutes after a schedule starts, on by default. */
export const RANDOMISED_DELAY_MAX_SECONDS = 600;
export const RANDOMISED_DELAY_DEFAULT = true;
/** spec 001 §9: the off-peak option blocks 9am to 11am and 4pm to 7pm (minutes of the day). */
export const OFF_PEAK_BLOCKS: readonly (readonly [number, number])[] = [
  [9 * 60, 11 * 60],
  [16 * 60, 19 * 60],
];

export const WEEK_DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
const WEEK_MINUTES = WEEK_DAYS.length * DAY_MINUTES;

/** spec 001 §3: the charger's scheduleType and the names the schedule screens give them. */
export const SCHEDULE_TYPE_NAMES = {
  CUSTOM: 'Custom',
  DEFAULT: 'Default',
  NONE: 'No Schedule',
} as const;
export type ScheduleTypeCode = keyof typeof SCHEDULE_TYPE_NAMES;

/** spec 001 §3: CUSTOM, DEFAULT and NONE as they are; any other value becomes NONE. */
export function toScheduleType(raw: unknown): ScheduleTypeCode {
  return raw === 'CUSTOM' || raw === 'DEFAULT' || raw === 'NONE' ? raw : 'NONE';
}

/** spec 001 §5: only Custom schedules, and only those marked editable, can change. */
export const canEditSchedule = (type: ScheduleTypeCode, editable: boolean): boolean =>
  type === 'CUSTOM' && editable;

const pad = (value: number) => String(value).padStart(2, '0');

/** spec 001 §3: incoming slot seconds from midnight as HH:mm (24:00 reads 00:00, as the clock shows it). */
export function secondsToClockTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60) % DAY_MINUTES;
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** A slot's HH:mm on and off times. */
export interface ClockSlot {
  start: string;
  end: string;
}

/** A slot as minutes of the day; an end of 00:00 counts as 24:00 (spec 001 §5). */
export function slotMinutes(slot: ClockSlot): { start: number; end: number } | null {
  const start = minutesOfDay(slot.start);
  const end = minutesOfDay(slot.end);
  if (start === null || end === null) return null;
  return { start, end: end === 0 ? DAY_MINUTES : end };
}

/** A slot's on and off times as seconds from midnight, as the server keeps them. */
export function slotSeconds(slot: ClockSlot): { startSeconds: number; endSeconds: number } | null {
  const minutes = slotMinutes(slot);
  return minutes && { startSeconds: minutes.start * 60, endSeconds: minutes.end * 60 };
}

/** spec 001 §5: touching boundaries, containing and being contained all count as overlap. */
export function slotsOverlap(a: ClockSlot, b: ClockSlot): boolean {
  const first = slotMinutes(a);
  const second = slotMinutes(b);
  if (!first || !second) return false;
  return first.start <= second.end && second.start <= first.end;
}

/**
 * spec 001 §5: a slot is valid when its start is strictly earlier than its end (end 00:00 counts
 * as 24:00) and it overlaps no other slot on the same clock.
 */
export function isSlotValid(slot: ClockSlot, others: readonly ClockSlot[]): boolean {
  const minutes = slotMinutes(slot);
  if (!minutes || minutes.start >= minutes.end) return false;
  return others.every((other) => !slotsOverlap(slot, other));
}

/**
 * spec 001 §5: where a new slot goes. With no slots, 00:00–00:30. Otherwise, by start, the first
 * gap of at least 90 minutes (from the previous slot's end, or midnight): the slot starts 30
 * minutes after the gap starts and ends 60 minutes after it; then after the last slot, if 90
 * minutes remain before 24:00. Null when there is no space (the clock's alert).
 */
export function newSlotPlacement(slots: readonly ClockSlot[]): ClockSlot | null {
  const spans = slots
    .map(slotMinutes)
    .filter((span) => span !== null)
    .sort((a, b) => a.start - b.start);
  if (spans.length === 0) return { start: '00:00', end: toClock(NEW_SLOT_MINUTES) };
  const place = (gapStart: number): ClockSlot => ({
    start: toClock(gapStart + NEW_SLOT_MINUTES),
    end: toClock(gapStart + 2 * NEW_SLOT_MINUTES),
  });
  let previousEnd = 0;
  for (const span of spans) {
    if (span.start - previousEnd >= MIN_FREE_GAP_MINUTES) return place(previousEnd);
    previousEnd = Math.max(previousEnd, span.end);
  }
  return DAY_MINUTES - previousEnd >= MIN_FREE_GAP_MINUTES ? place(previousEnd) : null;
}

const toClock = (minutes: number) => `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;

/**
 * spec 001 §4: around midnight, a slot can only run to 23:59 and then from 00:00. A slot whose
 * off time is earlier than its on time (22:00 → 02:00) is split in two.
 */
export function splitAtMidnight(slot: ClockSlot): ClockSlot[] {
  const start = minutesOfDay(slot.start);
  const end = minutesOfDay(slot.end);
  if (start === null || end === null || end === 0 || end > start) return [slot];
  return [
    { start: slot.start, end: '23:59' },
    { start: '00:00', end: slot.end },
  ];
}

/** A weekly schedule: the days it applies on and its slots. */
export interface WeeklySchedule {
  days: readonly WeekDay[];
  slots: readonly ClockSlot[];
}

/**
 * The UK default a new home charger starts with (the Default type, read-only): charging outside
 * the peak hours the Smart Charge Points Regulations 2021 name (8am–11am and 4pm–10pm), every day.
 */
export const GOVERNMENT_DEFAULT_SCHEDULE: WeeklySchedule = {
  days: WEEK_DAYS,
  slots: [
    { start: '00:00', end: '08:00' },
    { start: '11:00', end: '16:00' },
    { start: '22:00', end: '00:00' },
  ],
};

/** spec 001 §4: a day already used by another schedule (the save asks to overwrite it). */
export function daysUsedElsewhere(
  days: readonly WeekDay[],
  others: readonly { days: readonly WeekDay[] }[],
): WeekDay[] {
  const taken = new Set(others.flatMap((other) => other.days));
  return days.filter((day) => taken.has(day));
}

/** A window of the week in minutes from Monday 00:00, [start, end). */
export interface WeekWindow {
  start: number;
  end: number;
}

/** Sorted windows with overlapping and touching ones joined (a slot to 24:00 runs on at 00:00). */
function joinWindows(windows: readonly WeekWindow[]): WeekWindow[] {
  const sorted = [...windows].sort((a, b) => a.start - b.start);
  const joined: WeekWindow[] = [];
  for (const window of sorted) {
    const last = joined.at(-1);
    if (last && window.start <= last.end) last.end = Math.max(last.end, window.end);
    else joined.push({ ...window });
  }
  return joined;
}

/** The week's windows with each day's off-peak blocks taken out (spec 001 §9). */
function withoutOffPeak(windows: readonly WeekWindow[]): WeekWindow[] {
  const blocks = WEEK_DAYS.flatMap((_day, index) =>
    OFF_PEAK_BLOCKS.map(([start, end]) => ({
      start: index * DAY_MINUTES + start,
      end: index * DAY_MINUTES + end,
    })),
  );
  return windows.flatMap((window) => {
    let pieces: WeekWindow[] = [window];
    for (const block of blocks) {
      pieces = pieces.flatMap((piece) =>
        block.end <= piece.start || block.start >= piece.end
          ? [piece]
          : [
              { start: piece.start, end: block.start },
              { start: block.end, end: piece.end },
            ].filter((part) => part.end > part.start),
      );
    }
    return pieces;
  });
}

/** The windows kept within the same daily slots every day of the week. */
function intersectDaily(
  windows: readonly WeekWindow[],
  slots: readonly { startSeconds: number; endSeconds: number }[],
): WeekWindow[] {
  const daily = WEEK_DAYS.flatMap((_day, index) =>
    slots.map((slot) => ({
      start: index * DAY_MINUTES + slot.startSeconds / 60,
      end: index * DAY_MINUTES + (slot.endSeconds === 0 ? DAY_MINUTES : slot.endSeconds / 60),
    })),
  );
  return windows.flatMap((window) =>
    daily
      .map((slot) => ({
        start: Math.max(window.start, slot.start),
        end: Math.min(window.end, slot.end),
      }))
      .filter((piece) => piece.end > piece.start),
  );
}

/**
 * The slots of one day (seconds from midnight) a charger's schedule allows, with the off-peak
 * blocks out and no delay: where a ready-by plan may pick its half-hours. Null: all day.
 */
export function allowedSlotsOfDay(
  input: Pick<ProfileInput, 'scheduleType' | 'schedules' | 'offPeak'>,
  day: WeekDay,
): { startSeconds: number; endSeconds: number }[] | null {
  const windows = chargingWindows({ ...input, delaySeconds: 0 });
  if (windows === null) return null;
  const dayStart = WEEK_DAYS.indexOf(day) * DAY_MINUTES;
  return windows
    .map((window) => ({
      start: Math.max(window.start, dayStart),
      end: Math.min(window.end, dayStart + DAY_MINUTES),
    }))
    .filter((piece) => piece.end > piece.start)
    .map((piece) => ({
      startSeconds: Math.round((piece.start - dayStart) * 60),
      endSeconds: Math.round((piece.end - dayStart) * 60),
    }));
}

/** One period of a charging schedule: from `startPeriod` seconds after Monday 00:00, `limit` amps. */
export interface ProfilePeriod {
  startPeriod: number;
  limit: number;
}

export interface ProfileInput {
  scheduleType: ScheduleTypeCode;
  /** The owner's schedules, used when the type is CUSTOM. */
  schedules: readonly WeeklySchedule[];
  offPeak: boolean;
  /** This charger's delay after each window opens, 0–600 s (0 when the owner turned it off). */
  delaySeconds: number;
  maxAmps: number;
  /**
   * Daily slots (seconds from midnight, an end of 0 is 24:00) charging is further kept within,
   * every day: a ready-by plan's cheapest half-hours. Left out: no further limit.
   */
  within?: readonly { startSeconds: number; endSeconds: number }[];
}

/**
 * The windows of the week a home charger may charge in: its schedules (the UK default for
 * DEFAULT), joined across midnight and across the week's end, with the off-peak blocks taken
 * out when the flag is on, each opening `delaySeconds` late. Null for NONE: no limit at all.
 */
export function chargingWindows(input: Omit<ProfileInput, 'maxAmps'>): WeekWindow[] | null {
  if (input.scheduleType === 'NONE' && !input.within) return null;
  const schedules =
    input.scheduleType === 'DEFAULT' ? [GOVERNMENT_DEFAULT_SCHEDULE] : input.schedules;
  const scheduled = schedules.flatMap((schedule) =>
    schedule.days.flatMap((day) => {
      const offset = WEEK_DAYS.indexOf(day) * DAY_MINUTES;
      return schedule.slots
        .map(slotMinutes)
        .filter((span): span is { start: number; end: number } => span !== null)
        .filter((span) => span.start < span.end)
        .map((span) => ({ start: offset + span.start, end: offset + span.end }));
    }),
  );
  const windows = input.scheduleType === 'NONE' ? [{ start: 0, end: WEEK_MINUTES }] : scheduled;
  let joined = joinWindows(windows);
  if (input.offPeak && input.scheduleType !== 'NONE') joined = withoutOffPeak(joined);
  if (input.within) joined = joinWindows(intersectDaily(joined, input.within));
  // A window running to the week's end goes on into Monday's first: it opens once, not twice.
  const first = joined[0];
  const last = joined.at(-1);
  const wraps =
    first && last && joined.length > 1 && first.start === 0 && last.end === WEEK_MINUTES;
  const delayMinutes = Math.min(input.delaySeconds, RANDOMISED_DELAY_MAX_SECONDS) / 60;
  return joined
    .map((window, index) =>
      wraps && index === 0 ? window : { start: window.start + delayMinutes, end: window.end },
    )
    .filter((window) => window.end > window.start);
}

/**
 * The week as charging-schedule periods (OCPP 1.6 TxDefaultProfile, recurring weekly, amps):
 * zero outside the windows, the charger's maximum inside. Null for NONE (the profile is cleared).
 */
export function compileChargingProfile(input: ProfileInput): ProfilePeriod[] | null {
  const windows = chargingWindows(input);
  if (windows === null) return null;
  const periods: ProfilePeriod[] = [];
  const push = (minute: number, limit: number) => {
    const startPeriod = Math.round(minute * 60);
    const last = periods.at(-1);
    if (last?.limit === limit) return;
    if (last?.startPeriod === startPeriod) last.limit = limit;
    else periods.push({ startPeriod, limit });
  };
  push(0, 0);
  for (const window of windows) {
    push(window.start, input.maxAmps);
    if (window.end < WEEK_MINUTES) push(window.end, 0);
  }
  // A first period repeated by its neighbour is merged away above; a profile never starts empty.
  return periods;
}

/** Whether charging is allowed at a minute of the week (the simulator and tests read it). */
export function isChargingAllowedAt(
  windows: readonly WeekWindow[] | null,
  minute: number,
): boolean {
  if (windows === null) return true;
  return windows.some((window) => isInWindow(minute % WEEK_MINUTES, window.start, window.end));
}

/** A charger's delay: a whole number of seconds in 0–600, from a random number in [0, 1). */
export const randomisedDelaySeconds = (random: number): number =>
  Math.min(RANDOMISED_DELAY_MAX_SECONDS, Math.floor(random * (RANDOMISED_DELAY_MAX_SECONDS + 1)));
