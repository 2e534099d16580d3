import type { AuthContext } from '../../platform/http/call-registrar.ts';
import type { ChargingSessionRepository } from './charging-session-repository.ts';
import { sessionNotFound } from './session-errors.ts';

/** The caller's own session; another driver's answers as if it did not exist. */
export async function ownedSession(
  sessions: ChargingSessionRepository,
  auth: AuthContext,
  sessionId: string,
) {
  const row = await sessions.findById(sessionId);
  if (!row || row.ownerId !== auth.userId) throw sessionNotFound();
  return row;
}
