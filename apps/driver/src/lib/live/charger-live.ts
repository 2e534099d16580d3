import { useEffect, useState } from 'react';
import { CHARGER_EVENTS_PATH, chargerLiveEvent, type ChargerLiveEvent } from '@evc/contract';
import { apiBaseUrl } from '../brand.ts';
import { watchEventStream, type LiveState } from './event-stream.ts';

export { reconnectDelayMs } from './event-stream.ts';
export type ChargerLiveState = LiveState;

export interface ChargerLiveOptions {
  /** Narrow the stream to these chargers; all chargers when left out. */
  barcodes?: readonly string[];
  onEvent: (event: ChargerLiveEvent) => void;
  onState?: (state: ChargerLiveState) => void;
}

function eventsUrl(barcodes: readonly string[] | undefined): string {
  const search = new URLSearchParams();
  for (const barcode of barcodes ?? []) search.append('barcode', barcode);
  const query = search.toString();
  return `${apiBaseUrl()}/${CHARGER_EVENTS_PATH.replace(/^\/+/, '')}${query ? `?${query}` : ''}`;
}

/**
 * Follows live charger statuses (GET /api/events/chargers, Server-Sent Events), polling's cue
 * while the stream is down. Returns a function that stops it.
 */
export function watchChargers(options: ChargerLiveOptions): () => void {
  return watchEventStream({
    url: () => eventsUrl(options.barcodes),
    event: 'charger',
    schema: chargerLiveEvent,
    onEvent: options.onEvent,
    ...(options.onState ? { onState: options.onState } : {}),
  });
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
