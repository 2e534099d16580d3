import { useQuery } from '@tanstack/react-query';
import { isSessionNotFound, sessionByIdQuery } from '../api/calls/get-transaction-by-id.ts';
import { useSessionLive } from '../live/session-live.ts';
import { useSessionViewWriter } from './use-session-view-writer.ts';

/** How often an open session page asks for the session while the live stream is down. */
export const SESSION_REFRESH_MS = 3000;

/**
 * A charging session by its session id, kept fresh while the page is open: pushed session views,
 * polling while the stream is down, no polling once the session has ended and been paid.
 */
export function useChargingSession(sessionId: string) {
  const writeSession = useSessionViewWriter();
  const live = useSessionLive(writeSession, sessionId !== '');
  return useQuery({
    ...sessionByIdQuery(sessionId),
    refetchInterval: (query) => {
      const session = query.state.data;
      if (session?.state === 'rejected') return false;
      if (!session && isSessionNotFound(query.state.error)) return false;
      // A finished session still changes until it is paid (an overstay waiting for the unplug).
      const paid =
        session?.state === 'finished' && !['none', 'held'].includes(session.payment.status);
      if (paid) return false;
      return live === 'live' ? false : SESSION_REFRESH_MS;
    },
  });
}
