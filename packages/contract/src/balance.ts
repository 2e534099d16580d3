import { z } from 'zod';
import { currency, isoDateTime, requestId } from './shared.ts';

/** The most lines one statement answers; `hasMore` says when older ones were left out. */
export const BALANCE_STATEMENT_MAX = 200;

/**
 * POST /getBalanceStatement {userid, limit?} (issue 19): the movements of the caller's own
 * balance, newest first.
 */
export const balanceStatementRequest = z.object({
  userid: requestId,
  limit: z.number().int().min(1).max(BALANCE_STATEMENT_MAX).default(50),
});

export const balanceMovement = z.object({
  id: z.string(),
  kind: z.enum(['topup', 'charge', 'refund', 'credit']),
  /** Minor units of `currency`, positive when it adds credit, negative when it spends it. */
  amount: z.number().int(),
  /** The credit available after it, minor units (negative while an amount is owed). */
  balanceAfter: z.number().int(),
  /** The currency it was made in: it never changes meaning later. */
  currency,
  at: isoDateTime,
  /** The charging session it paid for or refunded, when it did. */
  sessionId: z.string().nullable(),
});
export type BalanceMovement = z.infer<typeof balanceMovement>;

export const balanceStatementResponse = z.object({
  /** The balance now, as getUserBalance answers it (stored: negative while in credit). */
  balance: z.number().int(),
  currency,
  movements: z.array(balanceMovement),
  hasMore: z.boolean(),
});
export type BalanceStatement = z.infer<typeof balanceStatementResponse>;
