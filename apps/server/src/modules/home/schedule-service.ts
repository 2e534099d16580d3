import type {
  CallParsedRequest,
  ChargerSchedulesView,
  ReadyByView,
  ScheduleView,
} from '@evc/contract';
import {
  GOVERNMENT_DEFAULT_SCHEDULE,
  orderedDays,
  scheduleProblem,
  secondsToClockTime,
  slotSeconds,
  type ScheduleProblem,
} from '@evc/domain';
import { newId } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/call-registrar.ts';
import type { ChargerRepository, ChargerWithConnectors } from '../chargers/repository.ts';
import { readyByOf, readyByPlanFor } from './ready-by-plan.ts';
import type { ScheduleApplier } from './schedule-profile.ts';
import type { NewSchedule, ScheduleRepository } from './schedule-repository.ts';
import { homeChargerNotFound } from './service.ts';

/** The id the read-only UK default goes by: it is not stored. */
export const DEFAULT_SCHEDULE_ID = 'default';

/** The UK default as a schedule the app shows (the Default type, read-only). */
export function governmentDefaultSchedule(): ScheduleView {
  return {
    _id: DEFAULT_SCHEDULE_ID,
    name: 'Default',
    days: [...GOVERNMENT_DEFAULT_SCHEDULE.days],
    slots: GOVERNMENT_DEFAULT_SCHEDULE.slots.flatMap((slot, index) => {
      const seconds = slotSeconds(slot);
      return seconds ? [{ _id: `${DEFAULT_SCHEDULE_ID}-${index}`, ...seconds }] : [];
    }),
    editable: false,
  };
}

type ScheduleInput = CallParsedRequest<'putChargerSchedules'>['schedules'][number];

/** The 400 for a schedule the clock's rules refuse: it names the schedule and the slot. */
function scheduleRefused(
  problem: ScheduleProblem,
  entries: readonly { input: ScheduleInput; index: number }[],
): AppError {
  const entry = entries[problem.schedule];
  const name = entry?.input.name ?? '';
  const at = `schedules.${entry?.index ?? problem.schedule}`;
  if (problem.slot === null) {
    const other = entries[problem.otherSchedule ?? -1]?.input.name ?? '';
    return new AppError(
      400,
      'VALIDATION',
      `Schedule "${name}": ${problem.day ?? ''} is already in schedule "${other}"`,
      { field: `${at}.days` },
    );
  }
  const slot = entry?.input.slots[problem.slot];
  const times = slot
    ? ` (${secondsToClockTime(slot.startSeconds)}–${secondsToClockTime(slot.endSeconds)})`
    : '';
  return new AppError(
    400,
    'VALIDATION',
    `Schedule "${name}", slot ${problem.slot + 1}${times}: ${problem.reason}`,
    { field: `${at}.slots.${problem.slot}` },
  );
}

/** Ids as the app gave them, when each is given once; new ones otherwise. */
function keptIds<T extends { _id?: string | undefined }>(items: readonly T[]): string[] {
  const given = items.map((item) => item._id?.trim() ?? '');
  return given.map((id) =>
    id !== '' && id !== DEFAULT_SCHEDULE_ID && given.filter((other) => other === id).length === 1
      ? id
      : newId(),
  );
}

/**
 * Issue 17: a home charger's schedules, read and replaced by its owner only (anyone else: 404),
 * put on the charger as soon as they are saved.
 */
export function createScheduleService(deps: {
  chargers: ChargerRepository;
  schedules: ScheduleRepository;
  applier: ScheduleApplier;
  now: () => Date;
}) {
  async function owned(auth: AuthContext, id: string): Promise<ChargerWithConnectors> {
    const found = await deps.chargers.findById(id);
    if (!found?.charger.home || found.charger.ownerId !== auth.userId) {
      throw homeChargerNotFound();
    }
    return found;
  }

  async function view(found: ChargerWithConnectors): Promise<ChargerSchedulesView> {
    const stored = await deps.schedules.list(found.charger.id);
    const custom: ScheduleView[] = stored.map((row) => ({
      _id: row.id,
      name: row.name,
      days: orderedDays(row.days),
      slots: row.slots,
      editable: row.editable,
    }));
    const { scheduleType } = found.charger;
    // The Default type shows the UK default, read-only, before the owner's own (kept for later).
    return {
      scheduleType,
      schedules: scheduleType === 'DEFAULT' ? [governmentDefaultSchedule(), ...custom] : custom,
    };
  }

  return {
    async get(auth: AuthContext, id: string): Promise<ChargerSchedulesView> {
      return view(await owned(auth, id));
    },

    async put(
      auth: AuthContext,
      id: string,
      body: CallParsedRequest<'putChargerSchedules'>,
    ): Promise<ChargerSchedulesView & { applied: boolean }> {
      await owned(auth, id);
      // The read-only Default, sent back as the app read it, is not the owner's to store.
      const entries = body.schedules
        .map((input, index) => ({ input, index }))
        .filter((entry) => entry.input.editable !== false);
      const problem = scheduleProblem(entries.map((entry) => entry.input));
      if (problem) throw scheduleRefused(problem, entries);
      const scheduleIds = keptIds(entries.map((entry) => entry.input));
      const schedules: NewSchedule[] = entries.map(({ input }, index) => {
        const slotIds = keptIds(input.slots);
        return {
          id: scheduleIds[index] ?? newId(),
          name: input.name,
          days: orderedDays(input.days),
          slots: [...input.slots]
            .map((slot, slotIndex) => ({
              _id: slotIds[slotIndex] ?? newId(),
              startSeconds: slot.startSeconds,
              endSeconds: slot.endSeconds,
            }))
            .sort((a, b) => a.startSeconds - b.startSeconds),
          editable: true,
        };
      });
      const replaced = await deps.schedules.replace({
        chargerId: id,
        ownerId: auth.userId,
        scheduleType: body.scheduleType,
        schedules,
      });
      if (!replaced) throw homeChargerNotFound();
      const applied = await deps.applier.apply(id);
      return { ...(await view(await owned(auth, id))), applied };
    },

    /** Issue 17 ready by: the owner's target and time and the plan they give now. */
    async readyBy(auth: AuthContext, id: string): Promise<ReadyByView> {
      const found = await owned(auth, id);
      const settings = readyByOf(found);
      const stored = await deps.schedules.list(id);
      return {
        ...settings,
        plan: readyByPlanFor(found, stored, settings, deps.now()),
        applied: null,
      };
    },

    /** Keeps the target and time and puts the plan (when on) on the charger. */
    async putReadyBy(
      auth: AuthContext,
      id: string,
      body: CallParsedRequest<'putReadyBy'>,
    ): Promise<ReadyByView> {
      await owned(auth, id);
      if (!(await deps.schedules.setReadyBy(id, auth.userId, body))) throw homeChargerNotFound();
      const applied = await deps.applier.apply(id);
      const found = await owned(auth, id);
      return {
        ...readyByOf(found),
        plan: readyByPlanFor(found, await deps.schedules.list(id), body, deps.now()),
        applied,
      };
    },

    /** 000 §7 governmentdefault: the UK default and this charger's randomised delay. */
    async governmentDefault(auth: AuthContext, id: string) {
      const found = await owned(auth, id);
      return {
        scheduleType: 'DEFAULT' as const,
        schedule: governmentDefaultSchedule(),
        randomisedDelay: found.charger.randomisedDelay,
        randomisedDelaySeconds: await deps.applier.delaySeconds(id),
      };
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
