/** Three-phase 230 V: the amps a charger's power in kW gives (OCPP limits are in amps). */
export const VOLTS_THREE_PHASE = 230 * 3;

/** A charger's maximum current in whole amps from its power (22 kW three-phase is 32 A). */
export const maxAmpsOfPower = (powerKw: number): number =>
  Math.max(0, Math.round((powerKw * 1000) / VOLTS_THREE_PHASE));

const WEEKDAY_INDEX: Readonly<Record<string, number>> = {
  Mon: 0,
  Tue: 1,
  Wed: 2,
  Thu: 3,
  Fri: 4,
  Sat: 5,
  Sun: 6,
};

/** The wall-clock reading of an instant in a time zone, as if that reading were UTC. */
function wallClock(at: Date, timeZone: string): { ms: number; weekday: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const ms = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return { ms, weekday: WEEKDAY_INDEX[parts.weekday ?? 'Mon'] ?? 0 };
}

/**
 * The most recent Monday 00:00 at or before `at`, local time in `timeZone`, as an instant: where a
 * weekly charging profile starts (its periods count seconds from the charger's Monday midnight).
 */
export function weekStartIn(at: Date, timeZone: string): Date {
  // Whole seconds: the wall clock reads no milliseconds.
  const instant = new Date(Math.floor(at.getTime() / 1000) * 1000);
  const local = wallClock(instant, timeZone);
  const day = Math.floor(local.ms / 86_400_000) * 86_400_000;
  const mondayWall = day - local.weekday * 86_400_000;
  // The instant whose wall clock reads mondayWall: the zone's offset then, found twice over.
  let guess = mondayWall - (local.ms - instant.getTime());
  for (let i = 0; i < 2; i += 1) guess += mondayWall - wallClock(new Date(guess), timeZone).ms;
  return new Date(guess);
}

/**
 * The day (0 = Monday) a daily time next comes round at or after `at`, local time in `timeZone`:
 * a ready-by of 07:00 read at 22:00 is tomorrow's.
 */
export function nextDayAt(at: Date, timeZone: string, minuteOfDay: number): number {
  const local = wallClock(at, timeZone);
  const minute = Math.floor((local.ms % 86_400_000) / 60_000);
  return minute < minuteOfDay ? local.weekday : (local.weekday + 1) % 7;
}

/** Minutes since Monday 00:00, local time in `timeZone`: where in a charger's week `at` falls. */
export function minuteOfWeekIn(at: Date, timeZone: string): number {
  const local = wallClock(at, timeZone);
  return local.weekday * 1440 + Math.floor((local.ms % 86_400_000) / 60_000);
}
