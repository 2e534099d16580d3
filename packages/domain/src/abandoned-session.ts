/**
 * Connector statuses that say no transaction is under way on the connector: a charger that
 * rebooted and forgot its transaction reports one of them.
 */
export const NO_TRANSACTION_STATUSES: readonly string[] = ['Available', 'Faulted', 'Unavailable'];

/** SESSION_ABANDON_AFTER unless set: a day of silence. */
export const DEFAULT_SESSION_ABANDON_AFTER_MS = 24 * 60 * 60_000;

/** Whether a connector's status report speaks of the session on it (and so keeps it alive). */
export function statusSpeaksOfSession(status: string): boolean {
  return !NO_TRANSACTION_STATUSES.includes(status);
}

export interface SessionSilenceFacts {
  /** When the charger last said anything about the session (its start, a sample, a status). */
  lastHeardAt: Date;
  now: Date;
  chargerOnline: boolean;
  /** The connector's latest reported status; null when none was ever reported. */
  connectorStatus: string | null;
  abandonAfterMs: number;
}

/**
 * A started session is abandoned when nothing about it has arrived for `abandonAfterMs` while its
 * charger is offline, or while its connector reports a state without a transaction. It is then
 * ended on its last reading and paid for like any other.
 */
export function isSessionAbandoned(facts: SessionSilenceFacts): boolean {
  const silentMs = facts.now.getTime() - facts.lastHeardAt.getTime();
  if (silentMs < facts.abandonAfterMs) return false;
  if (!facts.chargerOnline) return true;
  return facts.connectorStatus !== null && !statusSpeaksOfSession(facts.connectorStatus);
}

/**
 * What a StopTransaction that arrives after the session was ended without it adds: the cost of
 * the energy beyond what was settled (owed like every cost beyond a hold), never a refund.
 */
export function lateStopOwedMinor(costs: { settledMinor: number; finalMinor: number }): number {
  return Math.max(0, costs.finalMinor - costs.settledMinor);
}
