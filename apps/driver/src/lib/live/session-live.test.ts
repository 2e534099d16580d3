import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TransactionView } from '@evc/contract';
import { setTokens } from '../session/token-store.ts';
import { json, stubServer } from '../../test/stub-server.ts';
import { transactionView } from '../../test/transaction-view.ts';
import { watchSessions, type SessionLiveState } from './session-live.ts';

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

beforeEach(async () => {
  await setTokens({
    auth: { token: 'live-token', expiry: later },
    refresh: { token: 'r', expiry: later },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('watchSessions', () => {
  it('sends the bearer token and hands over each whole session view, split however it arrives', async () => {
    const session = transactionView({ kWh: 7.5 });
    const whole = `event: session\ndata: ${JSON.stringify(session)}\n\n`;
    const seen = stubServer(() =>
      eventStream([
        whole.slice(0, 30),
        whole.slice(30),
        'event: session\ndata: {"not":"a session"}\n\n',
        `event: charger\ndata: ${JSON.stringify(session)}\n\n`,
        ': keep-alive\n\n',
      ]),
    );
    const events: TransactionView[] = [];
    const states: SessionLiveState[] = [];
    const stop = watchSessions({
      onEvent: (received) => events.push(received),
      onState: (state) => states.push(state),
    });
    await waitFor(() => expect(events).toEqual([session]));
    stop();
    expect(seen[0]?.url).toMatch(/\/api\/events\/sessions$/);
    expect(seen[0]?.headers.Authorization).toBe('Bearer live-token');
    expect(states).toContain('live');
  });

  it('falls back to polling when the stream cannot be opened', async () => {
    stubServer(() => json(401, { message: 'Please sign in', code: 'UNAUTHENTICATED' }));
    const states: SessionLiveState[] = [];
    const stop = watchSessions({
      onEvent: () => undefined,
      onState: (state) => states.push(state),
    });
    await waitFor(() => expect(states.at(-1)).toBe('polling'));
    stop();
    expect(states).not.toContain('live');
  });
});
