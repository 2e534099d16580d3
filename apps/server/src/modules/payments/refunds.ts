import { eq, inArray, sql } from 'drizzle-orm';
import { newId } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/database.ts';
import { users } from '../../platform/db/schema.ts';
import { paymentRefunds } from '../../platform/db/support-schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentProviderFactory } from './payment-provider.ts';
import { BalanceInOtherCurrency, createPaymentRepository } from './repository.ts';

const notPossible = (message: string) => new AppError(409, 'REFUND_NOT_POSSIBLE', message);

export interface RefundResult {
  id: string;
  sessionId: string;
  amount: number;
  currency: string;
  refundedTotal: number;
  reason: string;
}

/**
 * What support staff do with money (issue 18): refund part or all of a session's payment with a
 * reason (a card's capture through the provider, a credit debit back to the balance), and credit
 * a driver's balance with a reason. Refunds are kept per session and never exceed what was taken.
 */
export function createRefunds(deps: { db: Db; provider: PaymentProviderFactory }) {
  const { db } = deps;

  async function refundedOf(tx: Db, sessionId: string): Promise<number> {
    const [row] = await tx
      .select({ total: sql<number>`coalesce(sum(${paymentRefunds.amountMinor}), 0)::int` })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.sessionId, sessionId));
    return row?.total ?? 0;
  }

  return {
    /** Refunded so far per session. */
    async refundedBySession(sessionIds: readonly string[]): Promise<Map<string, number>> {
      if (sessionIds.length === 0) return new Map();
      const rows = await db
        .select({
          sessionId: paymentRefunds.sessionId,
          total: sql<number>`sum(${paymentRefunds.amountMinor})::int`,
        })
        .from(paymentRefunds)
        .where(inArray(paymentRefunds.sessionId, [...sessionIds]))
        .groupBy(paymentRefunds.sessionId);
      return new Map(rows.map((row) => [row.sessionId, row.total]));
    },

    /** Refunds `amount` (all not yet refunded when undefined) of the session's payment. */
    async refund(input: {
      sessionId: string;
      amount: number | undefined;
      reason: string;
      staffId: string;
    }): Promise<RefundResult> {
      return db.transaction(async (tx) => {
        const repo = createPaymentRepository(tx);
        const payment = await repo.sessionPayment(input.sessionId, { lock: true });
        if (!payment || (payment.status !== 'captured' && payment.status !== 'debited')) {
          throw notPossible(
            `Only a captured or debited payment can be refunded; this one is ${payment?.status ?? 'none'}`,
          );
        }
        const already = await refundedOf(tx, input.sessionId);
        const left = payment.captured - already;
        const amount = input.amount ?? left;
        if (amount < 1 || amount > left) {
          throw new AppError(
            409,
            'REFUND_NOT_POSSIBLE',
            `amount: at most ${left} is left to refund`,
            {
              field: 'amount',
            },
          );
        }
        const id = newId();
        let providerRefundId: string | null = null;
        if (payment.status === 'captured') {
          if (!payment.intentId) throw notPossible('The payment has no card payment to refund');
          providerRefundId = (
            await deps.provider(tx).refund({
              intentId: payment.intentId,
              amount,
              reason: input.reason,
              idempotencyKey: `refund:${id}`,
            })
          ).id;
        } else {
          // Credit spent on the session goes back on the balance (stored negative in credit),
          // only while the balance is still held in the session's currency (issue 19).
          await repo
            .moveBalance(payment.userId, `refund:${id}`, -amount, payment.currency)
            .catch((error: unknown) => {
              if (!(error instanceof BalanceInOtherCurrency)) throw error;
              throw notPossible(
                `The driver's credit is now held in ${error.heldIn.toUpperCase()}: ${payment.currency.toUpperCase()} cannot go back on it`,
              );
            });
        }
        await tx.insert(paymentRefunds).values({
          id,
          sessionId: input.sessionId,
          ownerId: payment.userId,
          intentId: payment.intentId,
          amountMinor: amount,
          currency: payment.currency,
          reason: input.reason,
          staffId: input.staffId,
          providerRefundId,
        });
        return {
          id,
          sessionId: input.sessionId,
          amount,
          currency: payment.currency.toUpperCase(),
          refundedTotal: already + amount,
          reason: input.reason,
        };
      });
    },

    /** Adds `amount` to a user's credit; answers the credit after it. */
    async credit(input: {
      userId: string;
      amount: number;
    }): Promise<{ creditMinor: number; currency: string }> {
      return db.transaction(async (tx) => {
        const moved = await createPaymentRepository(tx).moveBalance(
          input.userId,
          `support-credit:${newId()}`,
          -input.amount,
          null,
        );
        const [user] = await tx
          .select({ currency: users.currencyCode })
          .from(users)
          .where(eq(users.id, input.userId));
        if (!moved || !user) throw new AppError(404, 'USER_NOT_FOUND', 'No driver has this id');
        return { creditMinor: -moved.storedAfterMinor, currency: user.currency };
      });
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
