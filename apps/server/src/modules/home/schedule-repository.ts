import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ReadyBySettings } from '@evc/contract';
import type { ScheduleTypeCode } from '@evc/domain';
import type { Db } from '../../platform/db/database.ts';
import { chargers, chargerSchedules, type ChargerScheduleRow } from '../../platform/db/schema.ts';

export type NewSchedule = Omit<ChargerScheduleRow, 'chargerId' | 'position'>;

/** A home charger's stored schedules, its schedule type and its randomised delay. */
export function createScheduleRepository(db: Db) {
  return {
    /** The charger's schedules in the owner's order. */
    list: (chargerId: string): Promise<ChargerScheduleRow[]> =>
      db
        .select()
        .from(chargerSchedules)
        .where(eq(chargerSchedules.chargerId, chargerId))
        .orderBy(asc(chargerSchedules.position)),

    /**
     * Replaces the schedules of the owner's home charger and sets its type, at once; false (and
     * nothing changed) when the charger is not this owner's.
     */
    replace: (input: {
      chargerId: string;
      ownerId: string;
      scheduleType: ScheduleTypeCode;
      schedules: readonly NewSchedule[];
    }): Promise<boolean> =>
      db.transaction(async (tx) => {
        const owned = await tx
          .update(chargers)
          .set({ scheduleType: input.scheduleType })
          .where(
            and(
              eq(chargers.id, input.chargerId),
              eq(chargers.home, true),
              eq(chargers.ownerId, input.ownerId),
            ),
          )
          .returning({ id: chargers.id });
        if (owned.length !== 1) return false;
        await tx.delete(chargerSchedules).where(eq(chargerSchedules.chargerId, input.chargerId));
        if (input.schedules.length > 0) {
          await tx.insert(chargerSchedules).values(
            input.schedules.map((schedule, position) => ({
              ...schedule,
              chargerId: input.chargerId,
              position,
            })),
          );
        }
        return true;
      }),

    /** Keeps the owner's ready-by settings; false when the charger is not theirs. */
    async setReadyBy(chargerId: string, ownerId: string, readyBy: ReadyBySettings) {
      const rows = await db
        .update(chargers)
        .set({ readyBy })
        .where(
          and(eq(chargers.id, chargerId), eq(chargers.home, true), eq(chargers.ownerId, ownerId)),
        )
        .returning({ id: chargers.id });
      return rows.length === 1;
    },

    /**
     * The charger's randomised delay, drawn once: `draw` is kept unless another request drew
     * first, and then theirs is answered.
     */
    async delaySeconds(chargerId: string, draw: () => number): Promise<number> {
      await db
        .update(chargers)
        .set({ randomisedDelaySeconds: draw() })
        .where(and(eq(chargers.id, chargerId), isNull(chargers.randomisedDelaySeconds)));
      const [row] = await db
        .select({ seconds: chargers.randomisedDelaySeconds })
        .from(chargers)
        .where(eq(chargers.id, chargerId));
      return row?.seconds ?? 0;
    },
  };
}

export type ScheduleRepository = ReturnType<typeof createScheduleRepository>;
