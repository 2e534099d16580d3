import { useEffect, useRef } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import type { TransactionView } from '@evc/contract';
import { callQueryKey } from '../../lib/api/call-query-key.ts';
import { allUserBalancesKey } from '../../lib/api/calls/get-user-balance.ts';

/** Every statement of the balance (issue 19) moves with it. */
const allStatementsKey = callQueryKey('getBalanceStatement');

/** A page shown later than this after the balance was read reads it again. */
export const BALANCE_FRESH_MS = 5000;

/** The calls whose answer is a session view (pushed by the live stream or polled). */
const SESSION_CALLS: readonly unknown[] = ['getTransactionByID', 'latestUserTransaction'];

/** The payment states in which a session's cost has moved the balance (a debit or a top-up of a hold). */
const BALANCE_MOVED: readonly TransactionView['payment']['status'][] = ['debited', 'captured'];

const sessionOf = (query: Pick<Query, 'queryKey' | 'state'>): TransactionView | undefined =>
  SESSION_CALLS.includes(query.queryKey[0])
    ? (query.state.data as TransactionView | undefined)
    : undefined;

/**
 * Issue 19: the balance shown everywhere follows each movement. A session whose payment turns
 * debited or captured (credit spent, or a cost beyond the hold owed) re-reads the balance, however
 * the session's new state arrived (the live stream or polling); every page the driver opens
 * re-reads a balance read more than BALANCE_FRESH_MS before (a refund or a credit from support
 * happens away from the app), as does coming back to the app.
 */
export function useFreshBalance(): void {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const seen = useRef(new Map<string, TransactionView['payment']['status']>());

  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        const { queryKey, state } = event.query as Query;
        const session = sessionOf({ queryKey, state });
        if (!session) return;
        const before = seen.current.get(session._id);
        const now = session.payment.status;
        seen.current.set(session._id, now);
        if (before !== undefined && before !== now && BALANCE_MOVED.includes(now)) {
          void queryClient.invalidateQueries({ queryKey: allUserBalancesKey });
          void queryClient.invalidateQueries({ queryKey: allStatementsKey });
        }
      }),
    [queryClient],
  );

  useEffect(() => {
    const stale = Date.now() - BALANCE_FRESH_MS;
    void queryClient.invalidateQueries({
      queryKey: allUserBalancesKey,
      predicate: ({ state }) =>
        state.fetchStatus === 'idle' && state.dataUpdatedAt > 0 && state.dataUpdatedAt < stale,
    });
  }, [queryClient, pathname]);
}
