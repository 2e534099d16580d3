import type { Bus } from '../../platform/bus/bus.ts';

/** A driver's charging session changed (state, energy, cost, payment): read it again. */
export const SESSION_CHANGED_SUBJECT = 'session.changed';

export interface SessionChanged {
  sessionId: string;
  /** The user's or guest's id. */
  ownerId: string;
}

/** Tells every live view of the session, on any node, to read it again. */
export function announceSessionChanged(bus: Bus, row: { id: string; ownerId: string }): void {
  bus.publish(SESSION_CHANGED_SUBJECT, {
    sessionId: row.id,
    ownerId: row.ownerId,
  } satisfies SessionChanged);
}
