/**
 * How long after their session ends a driver may still release the cable: time to walk back
 * to the car after stopping from the app. A session that overstays until the unplug (ADR 0013)
 * keeps the right for as long as it waits.
 */
export const UNLOCK_AFTER_SESSION_MS = 30 * 60_000;

export type UnlockSessionState =
  'pending' | 'charging' | 'paused' | 'pausedByVehicle' | 'finished' | 'rejected';

/** A charging session on the connector, as far as the unlock rule needs to know it. */
export interface UnlockSession {
  ownerId: string;
  state: UnlockSessionState;
  transactionId: number | null;
  /** When it ended: its stop, or the refusal of its start; null while it is open. */
  endedAt: Date | null;
  /** Stopped with the cable still in, its overstay running until the unplug (ADR 0013). */
  awaitingUnplug: boolean;
}

export interface UnlockFacts {
  callerId: string;
  /** The newest session on the connector, whoever's; null when there has been none. */
  latest: UnlockSession | null;
  /** The owners of sessions still open (pending, charging, paused) on the connector. */
  openSessionOwners: readonly string[];
  /** Transactions the charger reports running on the connector, started from the app or not. */
  runningTransactionIds: readonly number[];
  /** The connector's latest status report. */
  connector: { status: string; statusAt: Date | null };
  now: Date;
}

/**
 * `allowed`; `notYourSession`: the caller has no current or just-finished session there;
 * `connectorInUse`: someone else charges there, or has plugged in since the caller's session.
 */
export type UnlockVerdict = 'allowed' | 'notYourSession' | 'connectorInUse';

const OPEN_STATES: readonly UnlockSessionState[] = [
  'pending',
  'charging',
  'paused',
  'pausedByVehicle',
];

/**
 * Issue 12: only the driver whose cable it is may release it: their session is the newest on
 * the connector and is running, or ended within UNLOCK_AFTER_SESSION_MS, or waits for its
 * unplug; and never while another driver's session runs there. A connector reporting Preparing
 * after the caller's session ended holds a cable plugged in since: someone else's.
 */
export function connectorUnlockVerdict(facts: UnlockFacts): UnlockVerdict {
  const mine = facts.latest?.ownerId === facts.callerId ? facts.latest : null;
  if (!mine) return 'notYourSession';
  const othersOpen = facts.openSessionOwners.some((owner) => owner !== facts.callerId);
  const othersRunning = facts.runningTransactionIds.some((id) => id !== mine.transactionId);
  if (othersOpen || othersRunning) return 'connectorInUse';
  if (OPEN_STATES.includes(mine.state)) return 'allowed';
  if (!mine.endedAt) return 'notYourSession';
  const { status, statusAt } = facts.connector;
  if (status === 'Preparing' && statusAt !== null && statusAt > mine.endedAt)
    return 'connectorInUse';
  if (mine.awaitingUnplug) return 'allowed';
  const since = facts.now.getTime() - mine.endedAt.getTime();
  return since <= UNLOCK_AFTER_SESSION_MS ? 'allowed' : 'notYourSession';
}
