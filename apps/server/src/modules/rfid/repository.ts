import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { idTags, rfidCards, type RfidCardRow } from '../../platform/db/schema.ts';

export interface NewRfidCard {
  id: string;
  uid: string;
  cardnumber: string;
  name: string;
  isFromScan: boolean;
  userId: string;
}

/** RFID cards and the id tags Authorize reads for them; callers wrap changes in a transaction. */
export function createRfidRepository(db: Db) {
  return {
    async forUser(userId: string): Promise<RfidCardRow[]> {
      return db
        .select()
        .from(rfidCards)
        .where(eq(rfidCards.userId, userId))
        .orderBy(rfidCards.createdAt, rfidCards.id);
    },

    async byUid(uid: string): Promise<RfidCardRow | undefined> {
      return (await db.select().from(rfidCards).where(eq(rfidCards.uid, uid)))[0];
    },

    /**
     * Claims the id tag for the user: a new tag, or an RFID tag left without an owner. Answers
     * the tag as it stands afterwards, so the caller sees who holds it when it was not free.
     */
    async claimTag(uid: string, userId: string) {
      await db.insert(idTags).values({ idTag: uid, userId, kind: 'rfid' }).onConflictDoNothing();
      const [tag] = await db.select().from(idTags).where(eq(idTags.idTag, uid)).for('update');
      if (tag?.kind === 'rfid' && tag.userId === null) {
        await db.update(idTags).set({ userId }).where(eq(idTags.idTag, uid));
        return { ...tag, userId };
      }
      return tag;
    },

    async insert(card: NewRfidCard): Promise<RfidCardRow> {
      const [row] = await db.insert(rfidCards).values(card).returning();
      if (!row) throw new Error('could not record the card');
      return row;
    },

    /** Removes the user's card and its tag; false when the user has no such card. */
    async remove(id: string, userId: string): Promise<boolean> {
      const [removed] = await db
        .delete(rfidCards)
        .where(and(eq(rfidCards.id, id), eq(rfidCards.userId, userId)))
        .returning();
      if (!removed) return false;
      await db.delete(idTags).where(and(eq(idTags.idTag, removed.uid), eq(idTags.kind, 'rfid')));
      return true;
    },
  };
}

export type RfidRepository = ReturnType<typeof createRfidRepository>;
