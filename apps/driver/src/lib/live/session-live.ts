import { useEffect, useState } from 'react';
import { SESSION_EVENTS_PATH, sessionLiveEvent, type TransactionView } from '@evc/contract';
import { apiBaseUrl } from '../brand.ts';
import { watchEventStream, type LiveState } from './event-stream.ts';

export type SessionLiveState = LiveState;

export interface SessionLiveOptions {
  onEvent: (session: TransactionView) => void;
  onState?: (state: SessionLiveState) => void;
}

/**
 * Follows the signed-in driver's charging sessions (GET /api/events/sessions, Server-Sent Events,
 * each event the whole session view), polling's cue while the stream is down. Returns a function
 * that stops it.
 */
export function watchSessions(options: SessionLiveOptions): () => void {
  return watchEventStream({
    url: () => `${apiBaseUrl()}/${SESSION_EVENTS_PATH.replace(/^\/+/, '')}`,
    event: 'session',
    schema: sessionLiveEvent,
    onEvent: options.onEvent,
    ...(options.onState ? { onState: options.onState } : {}),
  });
}

/**
 * React binding: follows the driver's sessions while `enabled`, handing each to `onEvent`
 * (expected stable). Answers the stream's state so the caller can poll while it is not live.
 */
export function useSessionLive(
  onEvent: (session: TransactionView) => void,
  enabled = true,
): SessionLiveState {
  const [state, setState] = useState<SessionLiveState>('connecting');
  useEffect(() => {
    if (!enabled) return undefined;
    return watchSessions({ onEvent, onState: setState });
  }, [enabled, onEvent]);
  return enabled ? state : 'polling';
}
