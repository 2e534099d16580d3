import { availableBalanceMinor } from './payment-methods.ts';

/** What moved a driver's balance (issue 19's statement): a top-up, a charge, a refund, support's credit. */
export type BalanceMovementKind = 'topup' | 'charge' | 'refund' | 'credit';

/**
 * The kind of a movement from its reference ('topup:{intent}', 'session:{id}',
 * 'session-late:{id}', 'refund:{id}', 'support-credit:{id}'); one the rules do not name reads by
 * its sign (spec 000 §3: the stored amount is negative when it adds credit).
 */
export function balanceMovementKind(
  reference: string,
  storedAmountMinor: number,
): BalanceMovementKind {
  const prefix = reference.slice(0, reference.indexOf(':'));
  switch (prefix) {
    case 'topup':
      return 'topup';
    case 'session':
    case 'session-late':
      return 'charge';
    case 'refund':
      return 'refund';
    case 'support-credit':
      return 'credit';
    default:
      return storedAmountMinor < 0 ? 'credit' : 'charge';
  }
}

/**
 * The available balance after each movement, newest first, read back from the balance now: the
 * newest leaves today's balance, and each earlier one leaves what the later ones had not yet
 * moved. `newestFirst` holds stored amounts (negative adds credit, spec 000 §3); answers
 * available amounts (positive is credit).
 */
export function balancesAfterMovements(
  currentStoredMinor: number,
  newestFirst: readonly number[],
): number[] {
  let stored = currentStoredMinor;
  return newestFirst.map((amount) => {
    const after = availableBalanceMinor(stored);
    stored -= amount;
    return after;
  });
}
