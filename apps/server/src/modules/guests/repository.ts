import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { guests, type GuestRow } from '../../platform/db/schema.ts';

/** What the purge reads of a guest idle long enough to be looked at. */
const PURGE_BATCH = 100;

/** The guests: codes, what a guest left for its receipts, and codes that no longer work. */
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

    /** The guest whose code still works (not registered, not purged). */
    async findByCode(code: string): Promise<GuestRow | undefined> {
      const [row] = await db
        .select()
        .from(guests)
        .where(and(eq(guests.code, code), isNull(guests.removedAt)));
      return row;
    },

    /** A guest, its code working or not (a purged guest keeps its code, without personal data). */
    async findById(id: string): Promise<GuestRow | undefined> {
      const [row] = await db.select().from(guests).where(eq(guests.id, id));
      return row;
    },

    async touch(id: string, at: Date) {
      await db.update(guests).set({ lastSeenAt: at }).where(eq(guests.id, id));
    },

    /** Where the guest's receipts go from now on, and in which language. */
    async setReceiptAddress(id: string, email: string, languageCode: string) {
      await db
        .update(guests)
        .set({ email, languageCode })
        .where(and(eq(guests.id, id), isNull(guests.removedAt)));
    },

    /** The guest registers as this (unconfirmed) user; completing the registration hands over. */
    async markRegistering(id: string, userId: string) {
      await db
        .update(guests)
        .set({ registeringUserId: userId })
        .where(and(eq(guests.id, id), isNull(guests.removedAt)));
    },

    /**
     * Guests neither seen nor charging since `before`, not removed, none of whose sessions is
     * open: the purge's candidates.
     */
    async idleSince(before: Date): Promise<GuestRow[]> {
      return db
        .select()
        .from(guests)
        .where(
          and(
            isNull(guests.removedAt),
            lt(guests.lastSeenAt, before),
            sql`NOT EXISTS (SELECT 1 FROM charging_sessions s WHERE s.guest_id = ${guests.id}
              AND (s.created_at >= ${before.toISOString()}
                OR s.state IN ('pending', 'charging', 'paused', 'pausedByVehicle')))`,
          ),
        )
        .orderBy(guests.lastSeenAt)
        .limit(PURGE_BATCH);
    },
  };
}

export type GuestRepository = ReturnType<typeof createGuestRepository>;
