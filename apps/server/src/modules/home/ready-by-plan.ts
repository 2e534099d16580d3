import { homeTariff, readyBySettings, type ReadyBySettings } from '@evc/contract';
import {
  allowedSlotsOfDay,
  chargerTimeZone,
  clockSlotOf,
  minutesOfDay,
  nextDayAt,
  planReadyBy,
  WEEK_DAYS,
  type DailySlot,
  type WeeklySchedule,
} from '@evc/domain';
import type { ChargerScheduleRow } from '../../platform/db/schema.ts';
import type { ChargerWithConnectors } from '../chargers/repository.ts';

/** A charger whose owner never set a ready-by. */
export const READY_BY_UNSET: ReadyBySettings = { enabled: false, targetKwh: 0, readyBy: '07:00' };

/** The stored ready-by settings, or the unset ones. */
export function readyByOf(found: ChargerWithConnectors): ReadyBySettings {
  const stored = readyBySettings.safeParse(found.charger.readyBy);
  return stored.success ? stored.data : READY_BY_UNSET;
}

export const weeklySchedules = (rows: readonly ChargerScheduleRow[]): WeeklySchedule[] =>
  rows.map((row) => ({ days: row.days, slots: row.slots.map(clockSlotOf) }));

export interface ReadyByPlanData {
  slots: DailySlot[];
  expectedCostPence: number;
  currency: string;
  enough: boolean;
}

const currencyOf = (tariff: unknown): string => {
  const code = (tariff as { currency?: unknown } | null)?.currency;
  return typeof code === 'string' ? code : 'GBP';
};

/**
 * The ready-by plan at a home charger (issue 17): from its home tariff, its power, the target and
 * the time, within what its schedule allows on the day the time next comes round. Null without a
 * home tariff.
 */
export function readyByPlanFor(
  found: ChargerWithConnectors,
  schedules: readonly ChargerScheduleRow[],
  settings: ReadyBySettings,
  now: Date,
): ReadyByPlanData | null {
  const tariff = homeTariff.safeParse(found.charger.homeTariff);
  const readyBy = minutesOfDay(settings.readyBy);
  if (!tariff.success || readyBy === null) return null;
  const { charger } = found;
  const day = WEEK_DAYS[nextDayAt(now, chargerTimeZone(charger.country), readyBy)] ?? 'MON';
  const plan = planReadyBy({
    tariff: {
      dayRatePence: tariff.data.dayRateCost,
      night: tariff.data.nightRate && {
        ratePence: tariff.data.nightRate.cost,
        start: tariff.data.nightRate.start,
        end: tariff.data.nightRate.end,
      },
    },
    powerKw: Math.max(
      0,
      ...found.connectors
        .filter((connector) => connector.connectorNumber !== 0)
        .map((connector) => connector.maxPowerKw),
    ),
    targetKwh: settings.targetKwh,
    readyBy: settings.readyBy,
    allowed: allowedSlotsOfDay(
      {
        scheduleType: charger.scheduleType,
        schedules: weeklySchedules(schedules),
        offPeak: charger.offPeak,
      },
      day,
    ),
  });
  return plan && { ...plan, currency: currencyOf(charger.tariff) };
}

/** The daily slots a plan keeps charging within while it is on; undefined: no narrowing. */
export function readyByWithin(
  found: ChargerWithConnectors,
  schedules: readonly ChargerScheduleRow[],
  now: Date,
): DailySlot[] | undefined {
  const settings = readyByOf(found);
  if (!settings.enabled) return undefined;
  const plan = readyByPlanFor(found, schedules, settings, now);
  // Nothing to charge (or no tariff to plan with): the schedule alone decides.
  return plan && plan.slots.length > 0 ? plan.slots : undefined;
}
