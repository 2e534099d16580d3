import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider, onlineManager, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { sessionByIdQuery } from '../../lib/api/calls/get-transaction-by-id.ts';
import { LastLoadedNote } from './last-loaded-note.tsx';

function ShownHistory() {
  useQuery({
    queryKey: ['getChargeHistory', { usercode: 'HR-1' }],
    queryFn: () => Promise.resolve(['fresh']),
  });
  return null;
}

function renderOffline(client: QueryClient) {
  act(() => onlineManager.setOnline(false));
  return render(
    <QueryClientProvider client={client}>
      <ShownHistory />
      <LastLoadedNote />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  act(() => onlineManager.setOnline(true));
});

describe('the last-loaded note (issue 19)', () => {
  it('says when what the page shows was last loaded', () => {
    const client = new QueryClient();
    const loadedAt = Date.UTC(2026, 10, 27, 6, 40);
    client.setQueryData(['getChargeHistory', { usercode: 'HR-1' }], ['kept'], {
      updatedAt: loadedAt,
    });
    client.setQueryData(['getChargeHistory', { usercode: 'HR-2' }], ['not shown'], {
      updatedAt: loadedAt - 86_400_000,
    });

    const { container } = renderOffline(client);

    const note = container.querySelector('.last-loaded-note');
    expect(note?.textContent).toMatch(/^Showing what was last loaded\. Last updated .*2026.*\.$/);
    // The page's own answer, not one no page uses.
    expect(note?.getAttribute('data-updated-at')).toBe(new Date(loadedAt).toISOString());
  });

  it('says a page never loaded on this device loads once back online', async () => {
    renderOffline(new QueryClient());
    expect(
      await screen.findByText(
        'This page has not been loaded on this device yet. It loads once you are back online.',
      ),
    ).toBeTruthy();
  });

  it('on a session page, dates the session figures pushed after the page opened, not the balance read as it opened', () => {
    const client = new QueryClient();
    const opened = Date.UTC(2026, 10, 27, 13, 26);
    const pushed = Date.UTC(2026, 10, 27, 13, 28, 37);
    const balanceKey = ['getUserBalance', { userid: 'u1' }];
    client.setQueryData(balanceKey, { balance: 0 }, { updatedAt: opened });
    const session = sessionByIdQuery('s1');
    const sessionKey: readonly unknown[] = session.queryKey;
    // A pushed view: written into the cache as it arrives (use-session-view-writer.ts).
    client.setQueryData(sessionKey, { _id: 's1' }, { updatedAt: pushed });
    function SessionPage() {
      useQuery({ queryKey: balanceKey, queryFn: () => new Promise<never>(() => undefined) });
      useQuery({ ...session, queryFn: () => new Promise<never>(() => undefined) });
      return null;
    }

    act(() => onlineManager.setOnline(false));
    const { container } = render(
      <QueryClientProvider client={client}>
        <SessionPage />
        <LastLoadedNote />
      </QueryClientProvider>,
    );

    const note = container.querySelector('.last-loaded-note');
    expect(note?.getAttribute('data-updated-at')).toBe(new Date(pushed).toISOString());
  });
});
