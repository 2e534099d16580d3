import type { MoneyCurrency, SessionCostParts } from '@evc/domain';
import type { CostBreakdownSession } from './cost-breakdown.tsx';

/** A session as both the completed page and the charge history have it (dates are ISO). */
export interface PricedSession {
  parts: SessionCostParts;
  currency: MoneyCurrency;
  startdate: string | null;
  enddate: string | null;
  /** Seconds: to the end, or to now while it runs. */
  duration: number;
}

/**
 * Issue 19: the session's cost parts and real times, for a breakdown that adds up; a session
 * still running ends, for now, its duration after it started.
 */
export function breakdownSession(session: PricedSession): CostBreakdownSession {
  const startedAt = session.startdate ? new Date(session.startdate) : null;
  const endedAt = session.enddate
    ? new Date(session.enddate)
    : startedAt && new Date(startedAt.getTime() + session.duration * 1000);
  return { parts: session.parts, currency: session.currency, startedAt, endedAt };
}
