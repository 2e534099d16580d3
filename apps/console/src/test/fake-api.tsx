import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { TokenData } from '@evc/contract';
import { ConsoleApp } from '../app.tsx';
import { StaffSessionProvider } from '../lib/staff-session.tsx';

export interface FakeCall {
  method: string;
  path: string;
  search: string;
  body: unknown;
  authorization: string | undefined;
}

type Answer = { status?: number; body: unknown };
type Route = (call: FakeCall) => unknown;

/**
 * Stands in for the server at the HTTP boundary: `routes` maps `METHOD /api/path` to the answer's
 * `data` (or `{ status, body }` for a failure); every call is recorded.
 */
export function fakeApi(routes: Record<string, Route>): FakeCall[] {
  const made: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost:3000');
      const headers = (init.headers ?? {}) as Record<string, string>;
      const call: FakeCall = {
        method: init.method ?? 'GET',
        path: url.pathname,
        search: url.search,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        authorization: headers.authorization,
      };
      made.push(call);
      const route = routes[`${call.method} ${call.path}`];
      if (!route) {
        return Promise.resolve(
          Response.json(
            { message: `No such call: ${call.path}`, code: 'NOT_FOUND' },
            { status: 404 },
          ),
        );
      }
      const answer = route(call);
      if (answer && typeof answer === 'object' && 'status' in answer && 'body' in answer) {
        const failure = answer as Answer;
        return Promise.resolve(Response.json(failure.body, { status: failure.status ?? 200 }));
      }
      return Promise.resolve(Response.json({ data: answer }));
    }),
  );
  return made;
}

export const STAFF_TOKENS: TokenData = {
  auth: { token: 'staff-token', expiry: '2026-11-26T09:00:00.000Z' },
  refresh: { token: 'staff-refresh', expiry: '2026-12-26T09:00:00.000Z' },
};

/** The console at `path`, signed in as staff unless `signedIn` is false. */
export function renderConsole(path = '/', signedIn = true) {
  if (signedIn) sessionStorage.setItem('evc-console-session', JSON.stringify(STAFF_TOKENS));
  return render(
    <MemoryRouter initialEntries={[path]}>
      <StaffSessionProvider>
        <ConsoleApp />
      </StaffSessionProvider>
    </MemoryRouter>,
  );
}
