/** A driver's charging session changed (state, energy, cost, payment): read it again. */
export const SESSION_CHANGED_SUBJECT = 'session.changed';

export interface SessionChanged {
  sessionId: string;
  userId: string;
}
