import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChargerLiveEvent } from '@evc/contract';
import { setTokens } from '../session/token-store.ts';
import { json, stubServer } from '../../test/stub-server.ts';
import { reconnectDelayMs, watchChargers, type ChargerLiveState } from './charger-live.ts';

const later = new Date(Date.now() + 3_600_000).toISOString();

function eventStream(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

const event: ChargerLiveEvent = {
  barcode: '7301',
  online: true,
  connectors: [{ connectornumber: 1, status: 'Charging', at: null, inTransaction: true }],
};

beforeEach(async () => {
  await setTokens({
    auth: { token: 'live-token', expiry: later },
    refresh: { token: 'r', expiry: later },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('watchChargers', () => {
  it('sends the bearer token, narrows by barcode and hands over each charger event', async () => {
    const whole = `event: charger\ndata: ${JSON.stringify(event)}\n\n`;
    const seen = stubServer(() => eventStream([whole.slice(0, 20), whole.slice(20), ': ping\n\n']));
    const events: ChargerLiveEvent[] = [];
    const states: ChargerLiveState[] = [];
    const stop = watchChargers({
      barcodes: ['7301'],
      onEvent: (received) => events.push(received),
      onState: (state) => states.push(state),
    });
    await waitFor(() => expect(events).toEqual([event]));
    stop();
    expect(seen[0]?.url).toMatch(/\/api\/events\/chargers\?barcode=7301$/);
    expect(seen[0]?.headers.Authorization).toBe('Bearer live-token');
    expect(states).toContain('live');
  });

  it('falls back to polling when the stream cannot be opened', async () => {
    stubServer(() => json(404, { message: 'Not Found', code: 'NOT_FOUND' }));
    const states: ChargerLiveState[] = [];
    const stop = watchChargers({
      onEvent: () => undefined,
      onState: (state) => states.push(state),
    });
    await waitFor(() => expect(states.at(-1)).toBe('polling'));
    stop();
    expect(states).not.toContain('live');
  });
});

describe('reconnectDelayMs', () => {
  it.each([
    [1, 0, 500],
    [1, 1, 1000],
    [4, 1, 8000],
    [20, 1, 60_000],
  ])('after %i failures with jitter %d waits %i ms', (failures, jitter, expected) => {
    expect(reconnectDelayMs(failures, () => jitter)).toBe(expected);
  });
});
