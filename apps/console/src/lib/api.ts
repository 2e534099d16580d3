import { calls, type CallName } from '@evc/contract';
import type { z } from 'zod';

/** What a call answers in `data`, from the contract's schema. */
export type CallData<N extends CallName> = z.output<(typeof calls)[N]['response']>;
/** What a call takes as its body. */
export type CallBody<N extends CallName> = z.input<(typeof calls)[N]['request']>;

export interface CallOptions<N extends CallName> {
  body?: CallBody<N>;
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  token?: string | null;
}

/** A failed call: the server's message and code, or a network failure. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const API_BASE = '/api';

/** The call's address under /api, its `:name` parameters filled in and its query appended. */
export function callUrl(name: CallName, options: Pick<CallOptions<CallName>, 'params' | 'query'>) {
  const path = calls[name].path.replace(/:([a-z]+)/gi, (_, key: string) => {
    const value = options.params?.[key];
    if (value === undefined) throw new Error(`${name}: no ${key}`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return `${API_BASE}${path}${search}`;
}

async function send<N extends CallName>(name: N, options: CallOptions<N>): Promise<Response> {
  const { method } = calls[name];
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const hasBody = method !== 'GET' && method !== 'DELETE';
  if (hasBody) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(callUrl(name, options), {
      method,
      headers,
      ...(hasBody ? { body: JSON.stringify(options.body ?? {}) } : {}),
    });
  } catch {
    throw new ApiError('The server cannot be reached. Check the connection.', 'NETWORK', 0);
  }
  if (!response.ok) {
    const failure = (await response.json().catch(() => ({}))) as {
      message?: string;
      code?: string;
    };
    throw new ApiError(
      failure.message ?? `The server answered ${response.status}`,
      failure.code ?? 'UNKNOWN',
      response.status,
    );
  }
  return response;
}

/** Makes one call of the catalogue and answers its `data`. */
export async function callApi<N extends CallName>(
  name: N,
  options: CallOptions<N> = {},
): Promise<CallData<N>> {
  const response = await send(name, options);
  const body = (await response.json()) as { data: CallData<N> };
  return body.data;
}

/** Makes a call that answers a file (the helpline's CSV) and answers its text. */
export async function callApiText<N extends CallName>(
  name: N,
  options: CallOptions<N> = {},
): Promise<string> {
  return (await send(name, options)).text();
}
