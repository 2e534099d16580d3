import { vi } from 'vitest';

export interface SeenRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A fake server at the HTTP boundary: `answer` decides each response; returns what was sent. */
export function stubServer(
  answer: (request: SeenRequest) => Response | Promise<Response>,
): SeenRequest[] {
  const seen: SeenRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request: SeenRequest = {
        url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        method: init?.method ?? 'GET',
        headers: { ...(init?.headers as Record<string, string>) },
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      seen.push(request);
      return answer(request);
    }),
  );
  return seen;
}

/** The API path of a request ('/api/userdata' → '/userdata'). */
export const apiPath = (request: SeenRequest) =>
  new URL(request.url).pathname.replace(/^\/api/, '');

export const callsTo = (seen: SeenRequest[], path: string) =>
  seen.filter((request) => apiPath(request) === path);

/** `{data}` with status 200, as every successful call answers. */
export const ok = (data: unknown) => json(200, { data });
export const failure = (status: number, code: string, message: string) =>
  json(status, { code, message });

type Answer = (request: SeenRequest) => Response | Promise<Response>;

/**
 * A fake API at the HTTP boundary keyed by path ('/listCards'); anything else answers 404, so
 * the live session stream is refused and pages poll. Returns every request made.
 */
export function fakeApi(routes: Record<string, Answer>): SeenRequest[] {
  return stubServer((request) => {
    const answer = routes[apiPath(request)];
    return answer ? answer(request) : failure(404, 'NOT_FOUND', `no route ${apiPath(request)}`);
  });
}
