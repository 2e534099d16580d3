import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calls, envelope, errorBody, MASQUERADE_REFUSED_CALLS } from '@evc/contract';
import type {
  CallDefinition,
  CallName,
  CallParsedRequest,
  CallResponse,
  Calls,
} from '@evc/contract';
import type { TokenScope } from '../db/schema.ts';
import { AppError, guestNotAllowed } from '../errors.ts';
import { EncodedAnswer } from './encoded-answer.ts';
import { rateLimitHook, type RateLimit, type RateLimitSubject } from './rate-limits.ts';
import { schemaSerializer } from './schema-serializer.ts';

export const API_PREFIX = '/api';

export type { TokenScope };

/** Who is calling, from a verified access token whose session is still live. */
export interface AuthContext {
  /** The user's id; a guest's id on the calls the contract opens to guests. */
  userId: string;
  sessionId: string;
  scope: TokenScope;
  /** When the access token expires. */
  expiresAt: Date;
  /** The session was signed in with a second factor (staff calls need it). */
  mfaPassed?: boolean;
  /** A support masquerade (issue 18): the staff member acting as the driver or guest, and why. */
  masquerade?: { staffId: string; reason: string };
}

export type Authenticate = (accessToken: string) => Promise<AuthContext>;

type ParsedParams<K extends CallName> = Calls[K] extends { params: z.ZodType }
  ? z.output<Calls[K]['params']>
  : Record<string, never>;

export interface CallInput<K extends CallName> {
  body: CallParsedRequest<K>;
  params: ParsedParams<K>;
  /** Present on every call whose contract says auth 'user'. */
  auth: Calls[K]['auth'] extends 'user' ? AuthContext : undefined;
  /** The query string, validated by the call's `query` schema when it has one. */
  query: Calls[K] extends { query: z.ZodType } ? z.output<Calls[K]['query']> : undefined;
  /** The bearer token as sent (the refresh token on refreshToken). */
  bearer: string | undefined;
  request: FastifyRequest;
}

export interface CallOptions {
  rateLimit?: RateLimit & {
    /** What, besides the client address, the limit is counted per, each apart (name, e-mail). */
    per?: readonly RateLimitSubject[];
  };
  /**
   * The answer is written from its schema's JSON form without zod checking it (ADR 0035): for
   * the driver's hot calls, whose answers the tests hold to zod's bytes.
   */
  answerFromSchema?: boolean;
}

/**
 * A text answer sent as it is, not wrapped in `{ data }` (a CSV export): the call's contract
 * response is the text.
 */
export class TextAnswer {
  constructor(
    readonly contentType: string,
    readonly body: string,
    readonly filename?: string,
  ) {}

  send(reply: FastifyReply): FastifyReply {
    reply.header('content-type', this.contentType);
    if (this.filename)
      reply.header('content-disposition', `attachment; filename="${this.filename}"`);
    return reply.send(Buffer.from(this.body));
  }
}

/** A handler answers the call's data, or the data already encoded (see EncodedAnswer). */
export type CallHandler<K extends CallName> = (
  input: CallInput<K>,
) => Promise<
  | CallResponse<K>
  | EncodedAnswer<CallResponse<K>>
  | (CallResponse<K> extends string ? TextAnswer : never)
>;

/**
 * What the support module adds to every call (issue 18): who is staff, and the audit of calls
 * made with a masquerade token. Without it, staff calls are refused.
 */
export interface StaffGate {
  /** Throws a 403 unless the caller is staff and signed in with a second factor. */
  requireStaff(auth: AuthContext): Promise<void>;
  /**
   * Records a call made with a masquerade token (a call's name, or a live event stream's),
   * `outcome` 'refused' when it was.
   */
  recordMasquerade(auth: AuthContext, call: string, outcome: 'done' | 'refused'): Promise<void>;
}

const REFUSED_IN_MASQUERADE: ReadonlySet<string> = new Set(MASQUERADE_REFUSED_CALLS);

const staffOnly = () =>
  new AppError(403, 'STAFF_ONLY', 'Only support staff and operators may use the console');

export type RegisterCall = <K extends CallName>(
  name: K,
  handler: CallHandler<K>,
  options?: CallOptions,
) => void;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

const errorResponses = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
};

/**
 * Registers each call of the contract at `/api` + its path with the contract's schemas: the
 * request is validated before the handler runs, the answer is wrapped in `{ data }` and checked
 * against the response schema. Calls with auth 'user' need a live access token; a token limited
 * to MFA setup is refused on calls the contract does not allow during setup.
 */
export function createCallRegistrar(
  app: FastifyInstance,
  authenticate: Authenticate,
  staff?: StaffGate,
): RegisterCall {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  return (name, handler, options = {}) => {
    const definition: CallDefinition = calls[name];
    const { rateLimit, answerFromSchema } = options;
    const written = answerFromSchema ? schemaSerializer(definition.response) : undefined;
    typed.route({
      method: definition.method,
      url: `${API_PREFIX}${definition.path}`,
      schema: {
        ...(definition.method === 'GET' || definition.method === 'DELETE'
          ? {}
          : { body: definition.request }),
        ...(definition.params ? { params: definition.params } : {}),
        ...(definition.query ? { querystring: definition.query } : {}),
        response: { 200: envelope(definition.response), ...errorResponses },
      },
      ...(rateLimit ? { preHandler: rateLimitHook(app, rateLimit, rateLimit.per) } : {}),

      onRequest: async (request) => {
        if (definition.auth !== 'user') return;
        const token = bearerToken(request);
        if (!token) throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in');
        const auth = await authenticate(token);
        if (auth.scope === 'guest' && !definition.allowGuests) {
          throw guestNotAllowed();
        }
        if (auth.scope === 'mfa-setup' && !definition.allowDuringMfaSetup) {
          throw new AppError(
            403,
            'MFA_SETUP_REQUIRED',
            'Please set up multi-factor authentication before you continue',
          );
        }
        if (auth.masquerade) {
          const refused = definition.staff === true || REFUSED_IN_MASQUERADE.has(name);
          await staff?.recordMasquerade(auth, name, refused ? 'refused' : 'done');
          if (refused) {
            throw new AppError(
              403,
              'MASQUERADE_REFUSED',
              'Support acting as a driver may not change the password, the second factors or the e-mail address, nor delete the account',
            );
          }
        }
        if (definition.staff) {
          if (!staff) throw staffOnly();
          await staff.requireStaff(auth);
        }
        request.auth = auth;
      },
      handler: async (request, reply) => {
        const input = {
          body: request.body,
          params: request.params,
          query: definition.query ? request.query : undefined,
          auth: request.auth ?? undefined,
          bearer: bearerToken(request),
          request,
        } as CallInput<typeof name>;
        const answer = await handler(input);
        if (answer instanceof EncodedAnswer) return answer.send(request, reply);
        if (answer instanceof TextAnswer) return answer.send(reply);
        if (written) return sendWritten(reply, written({ data: answer }));
        return { data: answer };
      },
    });
  };
}

/** An answer already written as JSON text: Fastify sends it as it is. */
function sendWritten(reply: FastifyReply, json: string): FastifyReply {
  return reply.header('content-type', 'application/json; charset=utf-8').send(json);
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
