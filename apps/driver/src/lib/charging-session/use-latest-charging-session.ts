import { useQuery } from '@tanstack/react-query';
import { latestSessionQuery } from '../api/calls/latest-user-transaction.ts';
import { useSessionLive } from '../live/session-live.ts';
import { SESSION_REFRESH_MS } from './use-charging-session.ts';
import { useSessionViewWriter } from './use-session-view-writer.ts';

/** The driver's latest charging session, kept live while it is not finished (home). */
export function useLatestChargingSession() {
  const writeSession = useSessionViewWriter();
  const live = useSessionLive(writeSession);
  return useQuery({
    ...latestSessionQuery,
    refetchInterval: (query) =>
      live !== 'live' && query.state.data && !query.state.data.data.finished
        ? SESSION_REFRESH_MS
        : false,
  });
}
