import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { chargers, type ChargerRow } from '../../platform/db/schema.ts';

export type HomeChargerPatch = Partial<
  Pick<ChargerRow, 'name' | 'offPeak' | 'randomisedDelay' | 'homeTariff'>
>;

/** Home chargers and their owners: adoption once, then only the owner's changes. */
export function createHomeRepository(db: Db) {
  return {
    /** The ids of the home chargers this user adopted, in barcode order. */
    async ownedBy(ownerId: string): Promise<string[]> {
      const rows = await db
        .select({ id: chargers.id })
        .from(chargers)
        .where(and(eq(chargers.home, true), eq(chargers.ownerId, ownerId)))
        .orderBy(chargers.barcode);
      return rows.map((row) => row.id);
    },

    /**
     * Adopts the home charger with this barcode for `ownerId`, once: only while nobody owns it
     * and its adoption code is the one given. The code is used up. Undefined when it is not so.
     */
    async adopt(input: {
      barcode: string;
      codeHash: string;
      ownerId: string;
      name: string;
      at: Date;
    }): Promise<string | undefined> {
      const [row] = await db
        .update(chargers)
        .set({
          ownerId: input.ownerId,
          name: input.name,
          adoptedAt: input.at,
          adoptionCodeHash: null,
          // Issue 17: a new home charger charges by the UK default until its owner says otherwise.
          scheduleType: 'DEFAULT',
        })
        .where(
          and(
            eq(chargers.barcode, input.barcode),
            eq(chargers.home, true),
            isNull(chargers.ownerId),
            eq(chargers.adoptionCodeHash, input.codeHash),
          ),
        )
        .returning({ id: chargers.id });
      return row?.id;
    },

    /** Changes a home charger of this owner; false when it is not theirs. */
    async updateOwned(id: string, ownerId: string, patch: HomeChargerPatch): Promise<boolean> {
      const rows = await db
        .update(chargers)
        .set(patch)
        .where(and(eq(chargers.id, id), eq(chargers.home, true), eq(chargers.ownerId, ownerId)))
        .returning({ id: chargers.id });
      return rows.length === 1;
    },
  };
}

export type HomeRepository = ReturnType<typeof createHomeRepository>;
