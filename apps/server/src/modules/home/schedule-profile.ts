import {
  chargerTimeZone,
  compileChargingProfile,
  maxAmpsOfPower,
  randomisedDelaySeconds,
  weekStartIn,
  type ProfilePeriod,
} from '@evc/domain';
import { AppError } from '../../platform/errors.ts';
import type { ChargerCommands } from '../charge-point/charger-commands.ts';
import { homeScheduleFilter, homeScheduleProfile } from '../charge-point/charging-profiles.ts';
import type { ChargerRepository, ChargerWithConnectors } from '../chargers/repository.ts';
import { readyByWithin, weeklySchedules } from './ready-by-plan.ts';
import type { ScheduleRepository } from './schedule-repository.ts';

const WEEK_SECONDS = 7 * 86_400;
/** How far ahead the charger's composite schedule is read back to check it. */
const CHECK_SECONDS = 86_400;

export interface ScheduleLog {
  warn: (details: object, message: string) => void;
  info: (details: object, message: string) => void;
}

/** The most a home charger gives, in amps: its strongest connector's. */
export function chargerMaxAmps(found: ChargerWithConnectors): number {
  const powers = found.connectors
    .filter((connector) => connector.connectorNumber !== 0)
    .map((connector) => maxAmpsOfPower(connector.maxPowerKw));
  return powers.length > 0 ? Math.max(...powers) : maxAmpsOfPower(22);
}

/** The limit a weekly profile sets at an instant (ms). */
function limitAt(periods: readonly ProfilePeriod[], weekStart: Date, at: number): number {
  const offset =
    ((((at - weekStart.getTime()) / 1000) % WEEK_SECONDS) + WEEK_SECONDS) % WEEK_SECONDS;
  let limit = periods[0]?.limit ?? 0;
  for (const period of periods) if (period.startPeriod <= offset) limit = period.limit;
  return limit;
}

interface CompositeAnswer {
  status?: string;
  chargingSchedule?: {
    startSchedule?: string;
    chargingSchedulePeriod?: { startPeriod: number; limit: number }[];
  };
}

/**
 * Where the charger's composite schedule for the next day disagrees with the profile sent, as
 * charging allowed or not (the charger may cap the amps lower): the instants, for the log.
 */
export function compositeDisagreements(
  answer: CompositeAnswer,
  periods: readonly ProfilePeriod[],
  weekStart: Date,
  now: Date,
): string[] {
  const schedule = answer.chargingSchedule;
  const composite = schedule?.chargingSchedulePeriod ?? [];
  const start = schedule?.startSchedule ? Date.parse(schedule.startSchedule) : now.getTime();
  return composite.flatMap((period, index) => {
    const end = composite[index + 1]?.startPeriod ?? CHECK_SECONDS;
    // The middle of each composite period: a few seconds between the clocks change nothing.
    const at = start + ((period.startPeriod + end) / 2) * 1000;
    const expected = limitAt(periods, weekStart, at);
    return (expected === 0) === (period.limit === 0) ? [] : [new Date(at).toISOString()];
  });
}

/**
 * Puts a home charger's schedules on the charger (issue 17): compiled with its flags into one
 * weekly TxDefaultProfile (No Schedule clears it), checked with GetCompositeSchedule. Runs one at
 * a time per charger, each reading the latest settings, so the last one sent is the latest.
 */
export function createScheduleApplier(deps: {
  schedules: ScheduleRepository;
  chargers: ChargerRepository;
  commands: ChargerCommands;
  now: () => Date;
  random?: () => number;
  log: ScheduleLog;
}) {
  const random = deps.random ?? Math.random;
  const queue = new Map<string, Promise<boolean>>();

  /** The charger's randomised delay (drawn once), or 0 when its owner turned it off. */
  const delayOf = async (found: ChargerWithConnectors) =>
    found.charger.randomisedDelay
      ? deps.schedules.delaySeconds(found.charger.id, () => randomisedDelaySeconds(random()))
      : 0;

  async function compile(found: ChargerWithConnectors): Promise<ProfilePeriod[] | null> {
    const stored = await deps.schedules.list(found.charger.id);
    const within = readyByWithin(found, stored, deps.now());
    const limited = found.charger.scheduleType !== 'NONE' || within !== undefined;
    return compileChargingProfile({
      scheduleType: found.charger.scheduleType,
      schedules: weeklySchedules(stored),
      offPeak: found.charger.offPeak,
      delaySeconds: limited ? await delayOf(found) : 0,
      maxAmps: chargerMaxAmps(found),
      ...(within ? { within } : {}),
    });
  }

  async function check(chargerId: string, periods: readonly ProfilePeriod[], weekStart: Date) {
    const answer = (await deps.commands.getCompositeSchedule(chargerId, {
      connectorId: 0,
      duration: CHECK_SECONDS,
      chargingRateUnit: 'A',
    })) as CompositeAnswer;
    const wrong =
      answer.status === 'Accepted'
        ? compositeDisagreements(answer, periods, weekStart, deps.now())
        : ['no composite schedule'];
    if (wrong.length > 0) {
      deps.log.warn({ chargerId, at: wrong }, 'home charger schedule not as sent');
    }
  }

  async function applyNow(chargerId: string): Promise<boolean> {
    const found = await deps.chargers.findById(chargerId);
    if (!found?.charger.home || found.charger.ownerId === null) return false;
    const periods = await compile(found);
    try {
      if (periods === null) {
        // 'Unknown': there was none to clear, which is what No Schedule asks.
        await deps.commands.clearChargingProfile(chargerId, homeScheduleFilter);
        return true;
      }
      const weekStart = weekStartIn(deps.now(), chargerTimeZone(found.charger.country));
      const answer = await deps.commands.setChargingProfile(
        chargerId,
        0,
        homeScheduleProfile(periods, weekStart),
      );
      if (answer.status !== 'Accepted') {
        deps.log.warn({ chargerId, status: answer.status }, 'home charger refused its schedule');
        return false;
      }
      await check(chargerId, periods, weekStart).catch((error: unknown) =>
        deps.log.warn({ chargerId, error: String(error) }, 'home charger schedule not checked'),
      );
      return true;
    } catch (error) {
      // Offline, silent or refusing: it gets the schedule when it next connects.
      if (!(error instanceof AppError)) throw error;
      deps.log.info({ chargerId, code: error.code }, 'home charger schedule not applied now');
      return false;
    }
  }

  return {
    /** Sends the charger its schedule now; false when it is offline or refused it. */
    apply(chargerId: string): Promise<boolean> {
      const previous = queue.get(chargerId) ?? Promise.resolve(false);
      const next = previous.catch(() => false).then(() => applyNow(chargerId));
      queue.set(chargerId, next);
      void next
        .finally(() => {
          if (queue.get(chargerId) === next) queue.delete(chargerId);
        })
        .catch(() => undefined);
      return next;
    },
    /** The charger's randomised delay, drawn now if it never was. */
    delaySeconds: (chargerId: string) =>
      deps.schedules.delaySeconds(chargerId, () => randomisedDelaySeconds(random())),
  };
}

export type ScheduleApplier = ReturnType<typeof createScheduleApplier>;
