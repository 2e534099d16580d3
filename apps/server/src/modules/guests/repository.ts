import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { guests, type GuestRow } from '../../platform/db/schema.ts';

export function createGuestRepository(db: Db) {
  return {
    /** Adds a guest; false when the code is taken already. */
    async insert(guest: { id: string; code: string }): Promise<boolean> {
      const added = await db
        .insert(guests)
        .values(guest)
        .onConflictDoNothing({ target: guests.code })
        .returning({ id: guests.id });
      return added.length === 1;
    },

    async findByCode(code: string): Promise<GuestRow | undefined> {
      const [row] = await db.select().from(guests).where(eq(guests.code, code));
      return row;
    },

    async touch(id: string, at: Date) {
      await db.update(guests).set({ lastSeenAt: at }).where(eq(guests.id, id));
    },
  };
}

export type GuestRepository = ReturnType<typeof createGuestRepository>;
