import type { Bus } from '../../platform/bus/bus.ts';

/** A driver's charging session changed (state, energy, cost, payment): read it again. */
export const SESSION_CHANGED_SUBJECT = 'session.changed';

export interface SessionChanged {
  sessionId: string;
  userId: string;
}

/** Tells every live view of the session, on any node, to read it again. */
export function announceSessionChanged(bus: Bus, row: { id: string; userId: string }): void {
  bus.publish(SESSION_CHANGED_SUBJECT, {
    sessionId: row.id,
    userId: row.userId,
  } satisfies SessionChanged);
}
