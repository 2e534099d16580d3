import { useEffect, useState } from 'react';
import { APP_VERSION } from '@evc/domain';
import { CHARGER_EVENTS_PATH, chargerLiveEvent, type ChargerLiveEvent } from '@evc/contract';
import { HEADER_APP_VERSION, HEADER_BRAND_NAME } from '../api/client.ts';
import { apiBaseUrl, currentBrand } from '../brand.ts';
import { getTokens } from '../session/token-store.ts';
import { ServerSentEventParser } from './sse-parser.ts';

/** `live` while the stream is open; `polling` while it is down and callers should poll instead. */
export type ChargerLiveState = 'connecting' | 'live' | 'polling';

export interface ChargerLiveOptions {
  /** Narrow the stream to these chargers; all chargers when left out. */
  barcodes?: readonly string[];
  onEvent: (event: ChargerLiveEvent) => void;
  onState?: (state: ChargerLiveState) => void;
}

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 60_000;

/** Exponential back-off with jitter, so that many apps do not reconnect in step after a restart. */
export function reconnectDelayMs(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

function eventsUrl(barcodes: readonly string[] | undefined): string {
  const search = new URLSearchParams();
  for (const barcode of barcodes ?? []) search.append('barcode', barcode);
  const query = search.toString();
  return `${apiBaseUrl()}/${CHARGER_EVENTS_PATH.replace(/^\/+/, '')}${query ? `?${query}` : ''}`;
}

/**
 * Reads one connection of the charger stream until it ends. Resolves whether it was ever open.
 * fetch rather than EventSource, because the stream needs the bearer token in a header.
 */
async function readStream(
  options: ChargerLiveOptions,
  signal: AbortSignal,
  opened: () => void,
): Promise<boolean> {
  const token = (await getTokens())?.auth.token;
  const response = await fetch(eventsUrl(options.barcodes), {
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
      if (message.event !== 'charger') continue;
      let payload: unknown;
      try {
        payload = JSON.parse(message.data);
      } catch {
        continue;
      }
      const parsed = chargerLiveEvent.safeParse(payload);
      if (parsed.success) options.onEvent(parsed.data);
    }
  }
}

/**
 * Follows live charger statuses (GET /api/events/chargers, Server-Sent Events). When the stream
 * cannot be opened or drops, the state turns `polling` so callers fall back to polling, and the
 * stream is retried with back-off until it opens again. Returns a function that stops it all.
 */
export function watchChargers(options: ChargerLiveOptions): () => void {
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
 * React binding: follows the given chargers while `enabled`, handing each event to `onEvent`.
 * Answers the stream's state so the caller can poll while it is not live.
 */
export function useChargerLive(
  barcodes: readonly string[] | undefined,
  onEvent: (event: ChargerLiveEvent) => void,
  enabled = true,
): ChargerLiveState {
  const [state, setState] = useState<ChargerLiveState>('connecting');
  const key = barcodes?.join(',') ?? '*';
  useEffect(() => {
    if (!enabled) return undefined;
    return watchChargers({
      ...(key === '*' ? {} : { barcodes: key.split(',') }),
      onEvent,
      onState: setState,
    });
    // onEvent is expected to be stable (a setState or a query-cache writer).
  }, [key, enabled, onEvent]);
  return enabled ? state : 'polling';
}
