import type { BalanceStatement, CallParsedRequest, Currency } from '@evc/contract';
import { balanceMovementKind, balancesAfterMovements } from '@evc/domain';
import { accountGone, forbidden } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/call-registrar.ts';
import type { ReferenceRepository } from '../reference/repository.ts';
import { toCurrency } from '../reference/wire.ts';
import type { BalanceStatementRepository } from './balance-statement-repository.ts';

/** The session a movement paid for: 'session:{id}', 'session-late:{id}'. */
function sessionPaidBy(reference: string): string | null {
  const [prefix = '', id = ''] = reference.split(':', 2);
  return prefix === 'session' || prefix === 'session-late' ? id : null;
}

/**
 * Issue 19: the statement of a driver's own balance: each top-up, charge, refund and credit,
 * newest first, in the currency it was made in, with the balance it left (counted back from the
 * balance read with the lines, in one snapshot).
 */
export function createBalanceStatement(deps: {
  statements: BalanceStatementRepository;
  reference: ReferenceRepository;
}) {
  async function currencyOf(code: string): Promise<Currency> {
    const found = await deps.reference.findCurrency(code);
    if (!found) throw new Error(`Unknown currency ${code}`);
    return toCurrency(found);
  }

  return async function balanceStatement(
    auth: AuthContext,
    request: CallParsedRequest<'getBalanceStatement'>,
  ): Promise<BalanceStatement> {
    // Another driver's statement is refused, as their balance is (getUserBalance).
    if (request.userid !== auth.userId) throw forbidden();
    const read = await deps.statements.balanceStatement(auth.userId, request.limit + 1);
    if (!read) throw accountGone();
    const shown = read.movements.slice(0, request.limit);
    const after = balancesAfterMovements(
      read.storedMinor,
      shown.map((row) => row.amountMinor),
    );
    const codes = [...new Set([read.currency, ...shown.map((row) => row.currency)])];
    const currencies = new Map(
      await Promise.all(codes.map(async (code) => [code, await currencyOf(code)] as const)),
    );
    const currency = (code: string): Currency => {
      const found = currencies.get(code);
      if (!found) throw new Error(`Currency ${code} was not looked up`);
      return found;
    };
    return {
      balance: read.storedMinor,
      currency: currency(read.currency),
      movements: shown.map((row, index) => ({
        id: row.reference,
        kind: balanceMovementKind(row.reference, row.amountMinor),
        // Stored negative while it adds credit (spec 000 §3); the statement shows credit positive.
        amount: -row.amountMinor,
        balanceAfter: after[index] ?? 0,
        currency: currency(row.currency),
        at: row.at.toISOString(),
        sessionId: sessionPaidBy(row.reference) ?? row.refundedSessionId,
      })),
      hasMore: read.movements.length > request.limit,
    };
  };
}
