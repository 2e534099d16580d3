import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { setTokens } from '../session/token-store.ts';
import { stubServer } from '../../test/stub-server.ts';
import { reconnectDelayMs, watchEventStream, type LiveState } from './event-stream.ts';

const later = new Date(Date.now() + 3_600_000).toISOString();
const earlier = new Date(Date.now() - 60_000).toISOString();

function eventStream(text: string): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

const offline = () => Promise.reject(new TypeError('Failed to fetch'));

beforeEach(async () => {
  await setTokens({
    auth: { token: 'live', expiry: later },
    refresh: { token: 'r', expiry: later },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the live stream offline (issue 19)', () => {
  it('reconnects as soon as the device is back online, not when its back-off runs out', async () => {
    let online = false;
    const seen = stubServer(() =>
      online ? eventStream('event: tick\ndata: {"n":1}\n\n') : offline(),
    );
    const states: LiveState[] = [];
    const events: unknown[] = [];
    const stop = watchEventStream({
      url: () => '/api/stream',
      event: 'tick',
      schema: z.object({ n: z.number() }),
      onEvent: (data) => events.push(data),
      onState: (state) => states.push(state),
    });
    await vi.waitFor(() => expect(states).toContain('polling'));
    expect(seen).toHaveLength(1);

    online = true;
    window.dispatchEvent(new Event('online'));

    // Well inside the shortest back-off after a failure (half a second).
    expect(reconnectDelayMs(1, () => 0)).toBe(500);
    await vi.waitFor(() => expect(events).toEqual([{ n: 1 }]), { timeout: 300, interval: 10 });
    expect(seen).toHaveLength(2);
    stop();
  });

  it('refreshes an access token that ran out while it was down before it reconnects', async () => {
    await setTokens({
      auth: { token: 'old', expiry: earlier },
      refresh: { token: 'r', expiry: later },
    });
    const seen = stubServer((request) =>
      request.url.endsWith('/refreshToken')
        ? new Response(
            JSON.stringify({
              data: {
                auth: { token: 'fresh', expiry: later },
                refresh: { token: 'r2', expiry: later },
              },
            }),
            { status: 200, headers: { 'Content-Type': 'application/json' } },
          )
        : eventStream(''),
    );
    const stop = watchEventStream({
      url: () => '/api/stream',
      event: 'tick',
      schema: z.object({ n: z.number() }),
      onEvent: () => undefined,
    });
    await vi.waitFor(() =>
      expect(seen.some((request) => request.url === '/api/stream')).toBe(true),
    );
    expect(seen.find((request) => request.url === '/api/stream')?.headers.Authorization).toBe(
      'Bearer fresh',
    );
    stop();
  });
});
