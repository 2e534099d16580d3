import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import {
  AWAITING_DRIVER_STATUSES,
  HELD_INTENT_REUSE_GRACE_MS,
  isSameCurrency,
  TOP_UP_UNFINISHED_STATUSES,
  type IntentSweepLimits,
  type PaymentMethod,
} from '@evc/domain';
import type { Db } from '../../platform/db/database.ts';
import type { Driver } from '../../platform/driver.ts';
import {
  balanceMovements,
  guests,
  paymentCards,
  paymentIntents,
  sessionPayments,
  stripeCustomers,
  stripeEvents,
  users,
  type PaymentCardRow,
  type PaymentIntentRow,
  type SessionPaymentRow,
} from '../../platform/db/schema.ts';
import type { IntentSnapshot } from './payment-provider.ts';

export type NewPaymentCard = typeof paymentCards.$inferInsert;
export type NewPaymentIntent = typeof paymentIntents.$inferInsert;
export type NewSessionPayment = typeof sessionPayments.$inferInsert;

/** A change of one driver's stored balance (negative while in credit, spec 000 §3). */
export interface BalanceMove {
  userId: string;
  storedBeforeMinor: number;
  storedAfterMinor: number;
}

/** Money in one currency that would have moved onto a balance held in another. */
export class BalanceInOtherCurrency extends Error {
  constructor(readonly heldIn: string) {
    super(`the balance is held in ${heldIn.toUpperCase()}`);
    this.name = 'BalanceInOtherCurrency';
  }
}

/** Cards, intents, session payments and balances. Pass a transaction to write within it. */
export function createPaymentRepository(db: Db) {
  async function stripeCustomer(userId: string): Promise<string | undefined> {
    const [row] = await db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, userId));
    return row?.customerId;
  }

  return {
    /** The user's cards, the default first, then in the order they were saved. */
    /** A user's or a guest's saved cards. */
    cards(ownerId: string): Promise<PaymentCardRow[]> {
      return db
        .select()
        .from(paymentCards)
        .where(eq(paymentCards.ownerId, ownerId))
        .orderBy(desc(paymentCards.isDefault), asc(paymentCards.createdAt), asc(paymentCards.id));
    },

    /** One of the user's cards; another user's card is not found. */
    async card(ownerId: string, cardId: string): Promise<PaymentCardRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentCards)
        .where(and(eq(paymentCards.ownerId, ownerId), eq(paymentCards.id, cardId)));
      return row;
    },

    async cardById(cardId: string): Promise<PaymentCardRow | undefined> {
      const [row] = await db.select().from(paymentCards).where(eq(paymentCards.id, cardId));
      return row;
    },

    async insertCard(card: NewPaymentCard): Promise<void> {
      await db.insert(paymentCards).values(card);
    },

    async updateCardSource(cardId: string, source: PaymentMethod): Promise<void> {
      await db.update(paymentCards).set({ source }).where(eq(paymentCards.id, cardId));
    },

    async updateCardBilling(
      cardId: string,
      billing: Pick<
        NewPaymentCard,
        'name' | 'addressLine1' | 'addressCity' | 'addressPostalCode' | 'addressCountry'
      >,
    ): Promise<PaymentCardRow> {
      const [row] = await db
        .update(paymentCards)
        .set(billing)
        .where(eq(paymentCards.id, cardId))
        .returning();
      if (!row) throw new Error(`card ${cardId} vanished while being updated`);
      return row;
    },

    async deleteCard(ownerId: string, cardId: string): Promise<void> {
      await db
        .delete(paymentCards)
        .where(and(eq(paymentCards.ownerId, ownerId), eq(paymentCards.id, cardId)));
    },

    /** Makes this card the user's only default (the partial unique index allows one). */
    async makeDefault(ownerId: string, cardId: string): Promise<void> {
      await db
        .update(paymentCards)
        .set({ isDefault: false })
        .where(and(eq(paymentCards.ownerId, ownerId), eq(paymentCards.isDefault, true)));
      await db
        .update(paymentCards)
        .set({ isDefault: true })
        .where(and(eq(paymentCards.ownerId, ownerId), eq(paymentCards.id, cardId)));
    },

    /** Serialises card changes of one user (the first card saved becomes the default). */
    /** Serialises changes to one driver's cards: the user's or the guest's row, locked. */
    async lockOwner(owner: Driver): Promise<void> {
      if (owner.kind === 'guest') {
        await db
          .select({ id: guests.id })
          .from(guests)
          .where(eq(guests.id, owner.id))
          .for('update');
        return;
      }
      await db.select({ id: users.id }).from(users).where(eq(users.id, owner.id)).for('update');
    },

    async intent(intentId: string, options: { lock?: boolean } = {}) {
      const query = db.select().from(paymentIntents).where(eq(paymentIntents.id, intentId));
      const [row] = await (options.lock ? query.for('update') : query);
      return row;
    },

    async insertIntent(intent: NewPaymentIntent): Promise<PaymentIntentRow> {
      const [row] = await db.insert(paymentIntents).values(intent).returning();
      if (!row) throw new Error('payment intent not recorded');
      return row;
    },

    /** Records the provider's view of an intent; the purpose, owner and session stay. */
    async applySnapshot(snapshot: IntentSnapshot): Promise<PaymentIntentRow | undefined> {
      const [row] = await db
        .update(paymentIntents)
        .set({
          status: snapshot.status,
          amountCapturable: snapshot.amountCapturable,
          amountReceived: snapshot.amountReceived,
          paymentMethodId: snapshot.paymentMethodId,
          lastError: snapshot.lastError,
          updatedAt: new Date(),
        })
        .where(eq(paymentIntents.id, snapshot.id))
        .returning();
      return row;
    },

    async setIntentConnector(intentId: string, connectorId: string | null): Promise<void> {
      await db.update(paymentIntents).set({ connectorId }).where(eq(paymentIntents.id, intentId));
    },

    /**
     * The user's charge intents on a card that no session has used, not yet final, made within
     * `reuseMs` (older holds are no longer offered for reuse, and the sweep releases them).
     */
    openChargeIntents(
      userId: string,
      cardId: string,
      now: Date,
      reuseMs: number,
    ): Promise<PaymentIntentRow[]> {
      return db
        .select()
        .from(paymentIntents)
        .where(
          and(
            eq(paymentIntents.userId, userId),
            eq(paymentIntents.paymentMethodId, cardId),
            eq(paymentIntents.purpose, 'charge'),
            isNull(paymentIntents.sessionId),
            gt(paymentIntents.createdAt, new Date(now.getTime() - reuseMs)),
            inArray(paymentIntents.status, [
              'requires_payment_method',
              'requires_confirmation',
              'requires_action',
              'processing',
              'requires_capture',
            ]),
          ),
        )
        .orderBy(desc(paymentIntents.createdAt));
    },

    /** The user's top-ups made since `since` whose money may still arrive (issue 19), oldest first. */
    unfinishedTopUps(userId: string, since: Date): Promise<PaymentIntentRow[]> {
      return db
        .select()
        .from(paymentIntents)
        .where(
          and(
            eq(paymentIntents.userId, userId),
            eq(paymentIntents.purpose, 'topup'),
            inArray(paymentIntents.status, [...TOP_UP_UNFINISHED_STATUSES]),
            gt(paymentIntents.createdAt, since),
          ),
        )
        .orderBy(asc(paymentIntents.createdAt));
    },

    /**
     * Unused intents the sweep should look at (ADR 0011): waiting for the driver, or held, for
     * longer than `abandonAfterMs`, except holds on a saved card, kept while PAYG may reuse them;
     * not put off by an earlier failure. `isIntentAbandoned` decides on the provider's answer.
     */
    async abandonCandidates(
      now: Date,
      limits: IntentSweepLimits,
      options: { max: number; maxAttempts: number },
    ) {
      const at = (ms: number) => new Date(now.getTime() - ms);
      const onSavedCard = sql`EXISTS (SELECT 1 FROM ${paymentCards} WHERE ${paymentCards.id} = ${paymentIntents.paymentMethodId} AND ${paymentCards.ownerId} = ${paymentIntents.userId})`;
      const rows = await db
        .select({ id: paymentIntents.id })
        .from(paymentIntents)
        .where(
          and(
            isNull(paymentIntents.sessionId),
            lt(paymentIntents.sweepAttempts, options.maxAttempts),
            or(isNull(paymentIntents.sweepRetryAt), lte(paymentIntents.sweepRetryAt, now)),
            or(
              and(
                inArray(paymentIntents.status, [...AWAITING_DRIVER_STATUSES]),
                lt(paymentIntents.createdAt, at(limits.abandonAfterMs)),
              ),
              and(
                eq(paymentIntents.status, 'requires_capture'),
                eq(paymentIntents.purpose, 'charge'),
                or(
                  and(
                    lt(paymentIntents.createdAt, at(limits.abandonAfterMs)),
                    sql`NOT ${onSavedCard}`,
                  ),
                  lt(paymentIntents.createdAt, at(limits.heldReuseMs + HELD_INTENT_REUSE_GRACE_MS)),
                ),
              ),
            ),
          ),
        )
        .orderBy(asc(paymentIntents.createdAt))
        .limit(options.max);
      return rows.map((row) => row.id);
    },

    /** Locks an intent for the sweep; undefined when another node holds it (it is on it). */
    async intentUnlessLocked(intentId: string): Promise<PaymentIntentRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.id, intentId))
        .for('update', { skipLocked: true });
      return row;
    },

    /** Counts a failed sweep attempt and puts the next off until `until`. */
    async putOffSweep(intentId: string, until: Date): Promise<void> {
      await db
        .update(paymentIntents)
        .set({ sweepAttempts: sql`${paymentIntents.sweepAttempts} + 1`, sweepRetryAt: until })
        .where(eq(paymentIntents.id, intentId));
    },

    /** Ties a held intent to the session it secures; false when another session holds it. */
    async claimIntent(intentId: string, sessionId: string): Promise<boolean> {
      const rows = await db
        .update(paymentIntents)
        .set({ sessionId })
        .where(
          and(
            eq(paymentIntents.id, intentId),
            sql`(${paymentIntents.sessionId} IS NULL OR ${paymentIntents.sessionId} = ${sessionId})`,
          ),
        )
        .returning({ id: paymentIntents.id });
      return rows.length === 1;
    },

    async sessionPayment(
      sessionId: string,
      options: { lock?: boolean } = {},
    ): Promise<SessionPaymentRow | undefined> {
      const query = db
        .select()
        .from(sessionPayments)
        .where(eq(sessionPayments.sessionId, sessionId));
      const [row] = await (options.lock ? query.for('update') : query);
      return row;
    },

    /** Inserts the session's payment unless one exists; answers the stored row either way. */
    async ensureSessionPayment(payment: NewSessionPayment): Promise<SessionPaymentRow> {
      await db.insert(sessionPayments).values(payment).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(sessionPayments)
        .where(eq(sessionPayments.sessionId, payment.sessionId))
        .for('update');
      if (!row) throw new Error('session payment not recorded');
      return row;
    },

    async updateSessionPayment(
      sessionId: string,
      patch: Partial<Omit<NewSessionPayment, 'sessionId'>>,
    ): Promise<SessionPaymentRow> {
      const [row] = await db
        .update(sessionPayments)
        .set(patch)
        .where(eq(sessionPayments.sessionId, sessionId))
        .returning();
      if (!row) throw new Error('session payment vanished');
      return row;
    },

    /** A user's stored balance and the currency it is held in; undefined for a guest. */
    async credit(userId: string): Promise<{ storedMinor: number; currency: string } | undefined> {
      const [row] = await db
        .select({ storedMinor: users.balanceMinor, currency: users.currencyCode })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    async storedBalance(userId: string): Promise<number | undefined> {
      const [row] = await db
        .select({ balanceMinor: users.balanceMinor })
        .from(users)
        .where(eq(users.id, userId));
      return row?.balanceMinor;
    },

    /**
     * Moves a credit balance once per reference and answers the stored balance before and after;
     * a second call with the same reference changes nothing and answers null, as does a user
     * with no account. `amountMinor` has the stored balance's sign (negative credits). Money in
     * `currency` moves only onto a balance held in it (issue 19: never relabelled), else
     * `BalanceInOtherCurrency` is thrown; null `currency` moves in whatever the balance is held
     * in (support's credit, given in it). The account is locked first, so a currency change
     * waits until the move is committed, and the movement records the currency it moved in.
     */
    moveBalance(
      userId: string,
      reference: string,
      amountMinor: number,
      currency: string | null,
    ): Promise<BalanceMove | null> {
      return db.transaction(async (tx) => {
        const [account] = await tx
          .select({ currency: users.currencyCode })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!account) return null;
        if (currency !== null && !isSameCurrency(currency, account.currency)) {
          throw new BalanceInOtherCurrency(account.currency);
        }
        const inserted = await tx
          .insert(balanceMovements)
          .values({ reference, userId, amountMinor, currency: account.currency })
          .onConflictDoNothing()
          .returning({ reference: balanceMovements.reference });
        if (inserted.length === 0) return null;
        const [moved] = await tx
          .update(users)
          .set({ balanceMinor: sql`${users.balanceMinor} + ${amountMinor}`, updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning({ balanceMinor: users.balanceMinor });
        const storedAfterMinor = moved?.balanceMinor ?? amountMinor;
        return { userId, storedBeforeMinor: storedAfterMinor - amountMinor, storedAfterMinor };
      });
    },

    stripeCustomer,

    /** Keeps the first customer recorded for a user; answers the one kept. */
    async saveStripeCustomer(userId: string, customerId: string): Promise<string> {
      await db.insert(stripeCustomers).values({ userId, customerId }).onConflictDoNothing();
      const kept = await stripeCustomer(userId);
      if (!kept) throw new Error('stripe customer not recorded');
      return kept;
    },

    /** Records a webhook event; false when it was seen before. */
    async recordStripeEvent(id: string, type: string): Promise<boolean> {
      const inserted = await db
        .insert(stripeEvents)
        .values({ id, type })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      return inserted.length === 1;
    },
  };
}

export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
