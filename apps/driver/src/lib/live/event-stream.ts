import type { z } from 'zod';
import { APP_VERSION } from '@evc/domain';
import { currentAccessToken, HEADER_APP_VERSION, HEADER_BRAND_NAME } from '../api/client.ts';
import { currentBrand } from '../brand.ts';
import { ServerSentEventParser } from './sse-parser.ts';

/** `live` while the stream is open; `polling` while it is down and callers should poll instead. */
export type LiveState = 'connecting' | 'live' | 'polling';

export interface EventStreamOptions<T> {
  /** The stream's address, read at every (re)connection. */
  url: () => string;
  /** The Server-Sent Events `event:` name to take; others are ignored. */
  event: string;
  /** Each event's data is checked against the contract; what does not match is dropped. */
  schema: z.ZodType<T>;
  onEvent: (data: T) => void;
  onState?: (state: LiveState) => void;
}

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 60_000;

/** Exponential back-off with jitter, so that many apps do not reconnect in step after a restart. */
export function reconnectDelayMs(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Reads one connection of a stream until it ends. Resolves whether it was ever open.
 * fetch rather than EventSource, because the stream needs the bearer token in a header.
 */
async function readStream<T>(
  options: EventStreamOptions<T>,
  signal: AbortSignal,
  opened: () => void,
): Promise<boolean> {
  // An access token that ran out while the stream was down is refreshed before reconnecting.
  const token = await currentAccessToken();
  const response = await fetch(options.url(), {
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
      if (message.event !== options.event) continue;
      let payload: unknown;
      try {
        payload = JSON.parse(message.data);
      } catch {
        continue;
      }
      const parsed = options.schema.safeParse(payload);
      if (parsed.success) options.onEvent(parsed.data);
    }
  }
}

/**
 * Follows a Server-Sent Events stream of the API. When it cannot be opened or drops, the state
 * turns `polling` so callers fall back to polling, and the stream is retried with back-off until
 * it opens again. Returns a function that stops it all.
 */
export function watchEventStream<T>(options: EventStreamOptions<T>): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const connect = (): void => {
    timer = undefined;
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

  // Issue 19: back online, a stream waiting out its back-off reconnects at once.
  const reconnectNow = (): void => {
    if (timer === undefined || controller.signal.aborted) return;
    clearTimeout(timer);
    connect();
  };
  window.addEventListener('online', reconnectNow);

  return () => {
    controller.abort();
    clearTimeout(timer);
    window.removeEventListener('online', reconnectNow);
  };
}
