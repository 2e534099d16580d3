import { desc, eq } from 'drizzle-orm';
import type { BalanceStatement, CallParsedRequest } from '@evc/contract';
import { balanceMovementKind, balancesAfterMovements } from '@evc/domain';
import type { Db } from '../../platform/db/database.ts';
import { balanceMovements, users } from '../../platform/db/schema.ts';
import { accountGone, forbidden } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/call-registrar.ts';
import type { ReferenceRepository } from '../reference/repository.ts';
import { toCurrency } from '../reference/wire.ts';

/** The session a movement paid for or gave back: 'session:{id}', 'session-late:{id}'. */
function sessionOf(reference: string): string | null {
  const [prefix = '', id = ''] = reference.split(':', 2);
  return prefix === 'session' || prefix === 'session-late' ? id : null;
}

/**
 * Issue 19: the statement of a driver's own balance: each top-up, charge, refund and credit,
 * newest first, in the currency it was made in, with the balance it left. Read in one
 * transaction, so the balance the lines are counted back from is the one they add up to.
 */
export function createBalanceStatement(deps: { db: Db; reference: ReferenceRepository }) {
  return async function balanceStatement(
    auth: AuthContext,
    request: CallParsedRequest<'getBalanceStatement'>,
  ): Promise<BalanceStatement> {
    // Another driver's statement is refused, as their balance is (getUserBalance).
    if (request.userid !== auth.userId) throw forbidden();
    const { account, rows } = await deps.db.transaction(async (tx) => {
      const [account] = await tx
        .select({ stored: users.balanceMinor, currency: users.currencyCode })
        .from(users)
        .where(eq(users.id, auth.userId));
      const rows = await tx
        .select()
        .from(balanceMovements)
        .where(eq(balanceMovements.userId, auth.userId))
        .orderBy(desc(balanceMovements.createdAt), desc(balanceMovements.reference))
        .limit(request.limit + 1);
      return { account, rows };
    });
    if (!account) throw accountGone();
    const currency = await deps.reference.findCurrency(account.currency);
    if (!currency) throw new Error(`User ${auth.userId} has an unknown currency`);
    const shown = rows.slice(0, request.limit);
    const after = balancesAfterMovements(
      account.stored,
      shown.map((row) => row.amountMinor),
    );
    return {
      balance: account.stored,
      currency: toCurrency(currency),
      movements: shown.map((row, index) => ({
        id: row.reference,
        kind: balanceMovementKind(row.reference, row.amountMinor),
        // Stored negative while it adds credit (spec 000 §3); the statement shows credit positive.
        amount: -row.amountMinor,
        balanceAfter: after[index] ?? 0,
        currency: row.currency.toUpperCase(),
        at: row.createdAt.toISOString(),
        sessionId: sessionOf(row.reference),
      })),
      hasMore: rows.length > request.limit,
    };
  };
}
