import { useEffect, useState } from 'react';
import { APP_VERSION } from '@evc/domain';
import { SESSION_EVENTS_PATH, sessionLiveEvent, type TransactionView } from '@evc/contract';
import { HEADER_APP_VERSION, HEADER_BRAND_NAME } from '../api/client.ts';
import { apiBaseUrl, currentBrand } from '../brand.ts';
import { getTokens } from '../session/token-store.ts';
import { reconnectDelayMs, type ChargerLiveState } from './charger-live.ts';
import { ServerSentEventParser } from './sse-parser.ts';

/** `live` while the stream is open; `polling` while it is down and callers should poll instead. */
export type SessionLiveState = ChargerLiveState;

export interface SessionLiveOptions {
  onEvent: (session: TransactionView) => void;
  onState?: (state: SessionLiveState) => void;
}

/**
 * Reads one connection of the driver's session stream until it ends; resolves whether it opened.
 * fetch rather than EventSource, because the stream needs the bearer token in a header.
 */
async function readStream(
  options: SessionLiveOptions,
  signal: AbortSignal,
  opened: () => void,
): Promise<boolean> {
  const token = (await getTokens())?.auth.token;
  const response = await fetch(`${apiBaseUrl()}/${SESSION_EVENTS_PATH.replace(/^\/+/, '')}`, {
    headers: {
      Accept: 'text/event-stream',
      [HEADER_APP_VERSION]: APP_VERSION,
      [HEADER_BRAND_NAME]: currentBrand().brand.name,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    signal,
  });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !response.body || !type.startsWith('text/event-stream')) {
    await response.body?.cancel();
    return false;
  }
  opened();
  const parser = new ServerSentEventParser();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return true;
    for (const message of parser.push(value)) {
      if (message.event !== 'session') continue;
      let payload: unknown;
      try {
        payload = JSON.parse(message.data);
      } catch {
        continue;
      }
      const parsed = sessionLiveEvent.safeParse(payload);
      if (parsed.success) options.onEvent(parsed.data);
    }
  }
}

/**
 * Follows the signed-in driver's charging sessions (GET /api/events/sessions, Server-Sent Events,
 * each event the whole session view). When the stream cannot be opened or drops, the state turns
 * `polling` and the stream is retried with back-off. Returns a function that stops it all.
 */
export function watchSessions(options: SessionLiveOptions): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const connect = (): void => {
    options.onState?.(failures === 0 ? 'connecting' : 'polling');
    readStream(options, controller.signal, () => {
      failures = 0;
      options.onState?.('live');
    })
      .then((wasOpen) => {
        if (wasOpen) failures = 0;
      })
      .catch(() => undefined)
      .finally(() => {
        if (controller.signal.aborted) return;
        failures += 1;
        options.onState?.('polling');
        timer = setTimeout(connect, reconnectDelayMs(failures));
      });
  };
  connect();

  return () => {
    controller.abort();
    clearTimeout(timer);
  };
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
