import { APP_VERSION, needsBearerToken } from '@evc/domain';
import {
  callPath,
  calls,
  errorBodyOfAnyVersion,
  errorCode,
  type CallDefinition,
  type CallName,
  type CallRequest,
  type CallResponse,
} from '@evc/contract';
import { apiBaseUrl, currentBrand } from '../brand.ts';
import { endMasquerade, isMasquerading } from '../masquerade/masquerade-state.ts';
import { getUuid } from '../session/device-id.ts';
import { endSession } from '../session/end-session.ts';
import { getTokens, isExpired, replaceRefreshedTokens } from '../session/token-store.ts';
import {
  ApiError,
  INVALID_RESPONSE_CODE,
  NETWORK_ERROR_CODE,
  type ApiErrorCode,
} from './api-error.ts';
import { clientDescription } from './client-description.ts';

export type QueryValue = string | number | boolean | undefined;

export interface CallOptions {
  /** Values for `:name` segments of the call's path. */
  params?: Record<string, string>;
  /** Query-string values (GET calls); undefined values are left out. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

/** spec 000 §7 header names; the server reads them for logging and client support. */
/** 401 codes meaning the access token itself was not accepted (spec 000 §4: refresh, replay). */
const TOKEN_REJECTED_CODES: ReadonlySet<ApiErrorCode> = new Set([
  'TOKEN_EXPIRED',
  'UNAUTHENTICATED',
]);

export const HEADER_APP_VERSION = 'X-App-Version';
export const HEADER_BRAND_NAME = 'X-Brand-Name';
export const HEADER_CLIENT_DESCRIPTION = 'X-Client-Description';

interface RawAnswer {
  status: number;
  body: unknown;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const queryString = search.toString();
  return `${apiBaseUrl()}${path}${queryString ? `?${queryString}` : ''}`;
}

async function send(
  definition: CallDefinition,
  url: string,
  body: unknown,
  bearer: string | null,
  signal?: AbortSignal,
): Promise<RawAnswer> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [HEADER_APP_VERSION]: APP_VERSION,
    [HEADER_BRAND_NAME]: currentBrand().brand.name,
    [HEADER_CLIENT_DESCRIPTION]: await clientDescription(),
  };
  const hasBody = definition.method !== 'GET' && body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: definition.method,
      headers,
      body: hasBody ? JSON.stringify(body) : undefined,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { status: 0, body: null };
  }
  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  return { status: response.status, body: parsed };
}

/**
 * The server names the refused input twice, as `field` and at the head of `message`
 * ("user.acceptedTerms: You must accept the terms and conditions."), for callers that read only
 * the text. The driver is shown the words alone, beside the input `field` names.
 */
function withoutFieldName(message: string, field: string | undefined): string {
  const head = field ? `${field}: ` : '';
  return head && message.startsWith(head) ? message.slice(head.length) : message;
}

/** No answer at all (spec 000 §8: status 0). */
const noConnection = (): ApiError => new ApiError(0, NETWORK_ERROR_CODE, 'No connection');

function toApiError(answer: RawAnswer): ApiError {
  if (answer.status === 0) return noConnection();
  const parsed = errorBodyOfAnyVersion.safeParse(answer.body);
  if (parsed.success) {
    // A code this app does not know yet (a newer server) still brings its words and forcelogout.
    const known = errorCode.safeParse(parsed.data.code);
    return new ApiError(
      answer.status,
      known.success ? known.data : `HTTP_${answer.status}`,
      withoutFieldName(parsed.data.message, parsed.data.field),
      {
        ...(parsed.data.field === undefined ? {} : { field: parsed.data.field }),
        forcelogout: parsed.data.forcelogout === true,
      },
    );
  }
  return new ApiError(
    answer.status,
    `HTTP_${answer.status}`,
    `Request failed with status ${answer.status}`,
  );
}

/** How a refresh ended: fresh tokens stored, refused or impossible, or no connection to ask. */
type RefreshOutcome = 'refreshed' | 'failed' | 'offline';

let refreshInFlight: Promise<RefreshOutcome> | null = null;

/**
 * spec 000 §4, §8: one refresh for any number of expired requests; the others wait for it.
 * A 401 on refresh ends the session. No answer (status 0) does nothing (issue 19): the tokens
 * stay, and the refresh is tried again by the next call once the device is back online.
 */
function refreshTokens(): Promise<RefreshOutcome> {
  // Issue 18: a masquerade's token is not refreshed; when it has run out the session has ended.
  if (isMasquerading()) {
    endMasquerade();
    return Promise.resolve('failed');
  }
  refreshInFlight ??= (async (): Promise<RefreshOutcome> => {
    try {
      const tokens = await getTokens();
      if (!tokens || isExpired(tokens.refresh.expiry)) {
        await endSession();
        return 'failed';
      }
      const definition = calls.refreshToken;
      const answer = await send(
        definition,
        buildUrl(definition.path),
        { uuid: await getUuid() },
        tokens.refresh.token,
      );
      if (answer.status === 0) return 'offline';
      if (answer.status === 200) {
        const data = definition.response.safeParse(
          (answer.body as { data?: unknown } | null)?.data,
        );
        if (data.success) {
          await replaceRefreshedTokens(data.data);
          return 'refreshed';
        }
      }
      if (answer.status === 401) await endSession();
      return 'failed';
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

/**
 * The access token to send, refreshed first when it has expired; a refresh that found no
 * connection fails the call as offline. The live streams open with it too.
 */
export async function currentAccessToken(): Promise<string | null> {
  if (refreshInFlight) await refreshInFlight;
  const tokens = await getTokens();
  if (!tokens) return null;
  if (!isExpired(tokens.auth.expiry)) return tokens.auth.token;
  const outcome = await refreshTokens();
  if (outcome === 'offline') throw noConnection();
  return outcome === 'refreshed' ? ((await getTokens())?.auth.token ?? null) : null;
}

function validateRequest(definition: CallDefinition, input: unknown): unknown {
  const parsed = definition.request.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  const message = issue?.message ?? 'Invalid input';
  throw new ApiError(400, 'VALIDATION', message, field ? { field } : {});
}

/**
 * Calls one entry of the contract's catalogue and returns its parsed `data`.
 * Throws ApiError for failures; status 0 means there was no answer.
 */
export async function callApi<K extends CallName>(
  name: K,
  input: CallRequest<K>,
  options: CallOptions = {},
): Promise<CallResponse<K>> {
  const definition: CallDefinition = calls[name];
  const body = validateRequest(definition, input);
  const path = callPath(definition, options.params);
  const url = buildUrl(path, options.query);

  let bearer: string | null = null;
  if (definition.auth === 'refresh') {
    bearer = (await getTokens())?.refresh.token ?? null;
  } else if (needsBearerToken(path)) {
    bearer = await currentAccessToken();
  }

  let answer = await send(definition, url, body, bearer, options.signal);

  if (answer.status === 401) {
    const error = toApiError(answer);
    if (isMasquerading() && bearer && (error.forcelogout || TOKEN_REJECTED_CODES.has(error.code))) {
      endMasquerade();
      throw error;
    }
    if (error.forcelogout || definition.auth === 'refresh') {
      await endSession();
      throw error;
    }
    // An access token the server no longer takes: refresh once and replay. Other 401s (a wrong
    // MFA code, say) are answers about the request, not the token, and are passed on as they are.
    if (bearer && TOKEN_REJECTED_CODES.has(error.code)) {
      const stored = (await getTokens())?.auth.token ?? null;
      // Another request may already have refreshed while this one was on the wire.
      const outcome = stored && stored !== bearer ? 'refreshed' : await refreshTokens();
      if (outcome === 'offline') throw noConnection();
      const replayBearer =
        outcome === 'refreshed' ? ((await getTokens())?.auth.token ?? null) : null;
      answer = await send(definition, url, body, replayBearer, options.signal);
      if (answer.status === 401 && toApiError(answer).forcelogout) {
        await endSession();
      }
    }
  }

  if (answer.status !== 200) throw toApiError(answer);
  const envelope = answer.body as { data?: unknown } | null;
  const data = definition.response.safeParse(envelope?.data);
  if (!data.success) {
    throw new ApiError(
      answer.status,
      INVALID_RESPONSE_CODE,
      `Unexpected answer from ${definition.path}`,
    );
  }
  return data.data as CallResponse<K>;
}
