import { z } from 'zod';
import { minutesOfDay, WEEK_DAYS } from '@evc/domain';
import { scheduleType, SCHEDULE_TYPES } from './home.ts';
import { text, TEXT_LIMITS } from './shared.ts';

const DAY_SECONDS = 86_400;

export const weekDay = z.enum(WEEK_DAYS);

/** spec 001 §3 incoming slot data: seconds from the charger's local midnight (end 0 = 24:00). */
export const scheduleSlotView = z.object({
  _id: z.string(),
  startSeconds: z.number().int(),
  endSeconds: z.number().int(),
});

/** spec 001 §3 schedule: name, days MON to SUN, slots, and whether the owner may edit it. */
export const scheduleView = z.object({
  _id: z.string(),
  name: z.string(),
  days: z.array(weekDay),
  slots: z.array(scheduleSlotView),
  editable: z.boolean(),
});
export type ScheduleView = z.infer<typeof scheduleView>;

/** GET /development/charger/schedules/{chargerid}: the charger's schedule type and schedules. */
export const chargerSchedulesView = z.object({
  scheduleType,
  schedules: z.array(scheduleView),
});
export type ChargerSchedulesView = z.infer<typeof chargerSchedulesView>;

const seconds = z
  .number('seconds from midnight')
  .int('whole seconds')
  .min(0, 'from 0')
  .max(DAY_SECONDS, 'up to 86400');

const slotInput = z.object({
  /** A slot's id as the app had it; a new one without. */
  _id: z.string().max(TEXT_LIMITS.id).optional(),
  startSeconds: seconds,
  endSeconds: seconds,
});

const scheduleInput = z.object({
  _id: z.string().max(TEXT_LIMITS.id).optional(),
  name: text(60).trim().min(1, 'is required'),
  days: z.array(weekDay).max(WEEK_DAYS.length),
  slots: z.array(slotInput).max(48),
  /** The read-only Default schedule, when the app sends it back, is not stored (false). */
  editable: z.boolean().optional(),
});

/**
 * PUT /development/charger/schedules/{chargerid} {scheduleType, schedules}: replaces the owner's
 * schedules and chooses the type. Slots follow spec 001 §5; a day may be in one schedule only.
 */
export const putChargerSchedulesRequest = z.object({
  scheduleType: z.enum(SCHEDULE_TYPES),
  schedules: z.array(scheduleInput).max(WEEK_DAYS.length),
});

export type PutChargerSchedulesRequest = z.infer<typeof putChargerSchedulesRequest>;

/** The schedules as stored, and whether the charger took them now (false: on its reconnect). */
export const putChargerSchedulesResponse = chargerSchedulesView.extend({ applied: z.boolean() });

/**
 * GET /development/charger/profile/governmentdefault/{chargerid} (000 §7): the UK default a new
 * home charger starts with (the Default type, read-only), and this charger's randomised delay.
 */
export const governmentDefaultView = z.object({
  scheduleType: z.literal('DEFAULT'),
  schedule: scheduleView,
  randomisedDelay: z.boolean(),
  /** This charger's delay after each window opens, 0–600 s (applied only while on). */
  randomisedDelaySeconds: z.number().int().min(0).max(600),
});

/** The owner's "ready by" (issue 17): charge `targetKwh` by `readyBy` (HH:mm, local time). */
export const readyBySettings = z.object({
  enabled: z.boolean(),
  targetKwh: z.number('kWh').finite().min(0, 'from 0').max(200, 'up to 200'),
  readyBy: text(5).refine((time) => minutesOfDay(time) !== null, 'a time as HH:mm'),
});
export type ReadyBySettings = z.infer<typeof readyBySettings>;

/** PUT /development/charger/readyby/{chargerid}: the owner's target and time. */
export const putReadyByRequest = readyBySettings;

/** The plan: the cheapest half-hours as daily slots and what the target costs in them. */
export const readyByPlanView = z.object({
  slots: z.array(z.object({ startSeconds: z.number().int(), endSeconds: z.number().int() })),
  /** Minor units (pence), at the home tariff. */
  expectedCostPence: z.number().int(),
  currency: z.string(),
  /** False when the schedule leaves too few half-hours for the whole target. */
  enough: z.boolean(),
});

/**
 * GET and PUT /development/charger/readyby/{chargerid}: the settings, the plan (null with no home
 * tariff), and whether the charger took the profile the plan narrows (PUT; null on GET).
 */
export const readyByView = readyBySettings.extend({
  plan: readyByPlanView.nullable(),
  applied: z.boolean().nullable(),
});
export type ReadyByView = z.infer<typeof readyByView>;
