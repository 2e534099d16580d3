import { sql } from 'drizzle-orm';
import { executedRows, type Db } from '../../platform/db/database.ts';
import { balanceMovements, users } from '../../platform/db/schema.ts';
import { paymentRefunds } from '../../platform/db/support-schema.ts';

/** One row of the statement's read: the account, with one of its movements if it has one. */
interface StatementRow {
  stored: number | string;
  account_currency: string;
  reference: string | null;
  amount_minor: number | string | null;
  currency: string | null;
  created_at: string | Date | null;
  refunded_session: string | null;
}

/** A balance and its latest movements, as one snapshot. */
export interface StatementRead {
  storedMinor: number;
  currency: string;
  movements: {
    reference: string;
    amountMinor: number;
    currency: string;
    at: Date;
    refundedSessionId: string | null;
  }[];
}

/** What the statement of a driver's balance reads (issue 19). */
export function createBalanceStatementRepository(db: Db) {
  return {
    /**
     * A user's balance and its latest `limit` movements, newest first, read in one statement so
     * that the lines add up to the balance read with them; a refund carries the session it gave
     * back. Undefined when there is no such account.
     */
    async balanceStatement(userId: string, limit: number): Promise<StatementRead | undefined> {
      const result = await db.execute(sql`
      SELECT u.balance_minor AS stored, u.currency_code AS account_currency,
             m.reference, m.amount_minor, m.currency, m.created_at,
             r.session_id AS refunded_session
      FROM ${users} u
      LEFT JOIN LATERAL (
        SELECT * FROM ${balanceMovements} bm WHERE bm.user_id = u.id
        ORDER BY bm.created_at DESC, bm.reference DESC LIMIT ${limit}
      ) m ON true
      LEFT JOIN ${paymentRefunds} r ON m.reference = 'refund:' || r.id
      WHERE u.id = ${userId}
      ORDER BY m.created_at DESC, m.reference DESC`);
      const rows = executedRows(result) as StatementRow[];
      const [first] = rows;
      if (!first) return undefined;
      return {
        storedMinor: Number(first.stored),
        currency: first.account_currency,
        movements: rows.flatMap((row) =>
          row.reference === null
            ? []
            : [
                {
                  reference: row.reference,
                  amountMinor: Number(row.amount_minor),
                  currency: row.currency ?? first.account_currency,
                  at: new Date(row.created_at ?? 0),
                  refundedSessionId: row.refunded_session,
                },
              ],
        ),
      };
    },
  };
}

export type BalanceStatementRepository = ReturnType<typeof createBalanceStatementRepository>;
