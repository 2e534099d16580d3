import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import {
  chargingSessions,
  guests,
  idTags,
  ocppTransactions,
  paymentCards,
  paymentIntents,
  sandboxPaymentMethods,
  sessionPayments,
  sessions,
  stripeCustomers,
  type GuestRow,
} from '../../platform/db/schema.ts';

const OPEN_STATES = ['pending', 'charging', 'paused', 'pausedByVehicle'] as const;

/**
 * Everything a guest owns across the tables (ADR 0021): handed over to the account the guest
 * registers, or stripped of personal data when the guest is purged. Each runs in the caller's
 * transaction, so nothing is half moved.
 */
export function createGuestDataRepository(db: Db) {
  return {
    /** The guest registering as this user, locked, while its code still works. */
    async lockRegistering(userId: string): Promise<GuestRow | undefined> {
      const [row] = await db
        .select()
        .from(guests)
        .where(and(eq(guests.registeringUserId, userId), isNull(guests.removedAt)))
        .orderBy(desc(guests.lastSeenAt))
        .limit(1)
        .for('update');
      return row;
    },

    /** The guest, locked, while its code still works. */
    async lockActive(guestId: string): Promise<GuestRow | undefined> {
      const [row] = await db
        .select()
        .from(guests)
        .where(and(eq(guests.id, guestId), isNull(guests.removedAt)))
        .for('update');
      return row;
    },

    /** When the guest's newest session started, and whether one is still open. */
    async sessionActivity(guestId: string) {
      const [latest] = await db
        .select({ createdAt: chargingSessions.createdAt, state: chargingSessions.state })
        .from(chargingSessions)
        .where(eq(chargingSessions.guestId, guestId))
        .orderBy(desc(chargingSessions.createdAt))
        .limit(1);
      const open = await db
        .select({ id: chargingSessions.id })
        .from(chargingSessions)
        .where(
          and(
            eq(chargingSessions.guestId, guestId),
            inArray(chargingSessions.state, [...OPEN_STATES]),
          ),
        )
        .limit(1);
      return { lastSessionAt: latest?.createdAt ?? null, hasOpenSession: open.length > 0 };
    },

    /** The guest's sessions, payments, cards and tags become the user's. */
    async moveToUser(guestId: string, userId: string) {
      await db
        .update(chargingSessions)
        .set({ userId, guestId: null })
        .where(eq(chargingSessions.guestId, guestId));
      const [userDefault] = await db
        .select({ id: paymentCards.id })
        .from(paymentCards)
        .where(and(eq(paymentCards.userId, userId), eq(paymentCards.isDefault, true)));
      await db
        .update(paymentCards)
        .set({
          userId,
          guestId: null,
          ...(userDefault ? { isDefault: false } : {}),
        })
        .where(eq(paymentCards.guestId, guestId));
      await db.update(paymentIntents).set({ userId }).where(eq(paymentIntents.userId, guestId));
      await db.update(sessionPayments).set({ userId }).where(eq(sessionPayments.userId, guestId));
      await db
        .update(sandboxPaymentMethods)
        .set({ ownerId: userId })
        .where(eq(sandboxPaymentMethods.ownerId, guestId));
      // The guest's Stripe customer (its saved cards hang on it) is the account's, unless the
      // account has one already.
      await db
        .update(stripeCustomers)
        .set({ userId })
        .where(
          and(
            eq(stripeCustomers.userId, guestId),
            sql`NOT EXISTS (SELECT 1 FROM stripe_customers c WHERE c.user_id = ${userId})`,
          ),
        );
      await db.update(idTags).set({ userId, guestId: null }).where(eq(idTags.guestId, guestId));
      await db
        .update(ocppTransactions)
        .set({ userId, guestId: null })
        .where(eq(ocppTransactions.guestId, guestId));
    },

    /** Every sign-in of the guest ends: its refresh tokens no longer work. */
    async revokeTokens(guestId: string, reason: string, at: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: at, revokedReason: reason })
        .where(and(eq(sessions.guestId, guestId), isNull(sessions.revokedAt)));
    },

    /** The personal data a guest left: its address, its saved cards, its sign-ins. */
    async erasePersonalData(guestId: string) {
      await db.delete(paymentCards).where(eq(paymentCards.guestId, guestId));
      await db.delete(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.ownerId, guestId));
      await db.delete(stripeCustomers).where(eq(stripeCustomers.userId, guestId));
      await db.delete(sessions).where(eq(sessions.guestId, guestId));
    },

    /** The code stops working; the row stays as the anonymous owner of what is kept. */
    async remove(guestId: string, at: Date, convertedUserId: string | null) {
      await db
        .update(guests)
        .set({
          removedAt: at,
          email: null,
          languageCode: null,
          registeringUserId: null,
          convertedUserId,
        })
        .where(and(eq(guests.id, guestId), isNull(guests.removedAt)));
    },
  };
}
