import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../errors.ts';

export interface RateLimit {
  max: number;
  timeWindowMs: number;
}

export type RateLimitedCall =
  | 'login'
  | 'mfaRequestToken'
  | 'mfaVerify'
  | 'mfaSetup'
  | 'startRegistration'
  | 'forgotPassword'
  | 'resetPassword'
  | 'requestRegistrationEmail'
  | 'guestIdentifier'
  | 'guestTokens'
  | 'claimCharger';

const MINUTE = 60_000;

/**
 * Each limit is counted per client address and, apart, per what the call names (login name,
 * e-mail address, account): a limit reached on either one refuses the attempt.
 */
export const DEFAULT_RATE_LIMITS: Readonly<Record<RateLimitedCall, RateLimit>> = {
  login: { max: 20, timeWindowMs: 15 * MINUTE },
  mfaRequestToken: { max: 10, timeWindowMs: 15 * MINUTE },
  mfaVerify: { max: 10, timeWindowMs: 15 * MINUTE },
  mfaSetup: { max: 10, timeWindowMs: 15 * MINUTE },
  startRegistration: { max: 10, timeWindowMs: 60 * MINUTE },
  forgotPassword: { max: 5, timeWindowMs: 60 * MINUTE },
  resetPassword: { max: 10, timeWindowMs: 60 * MINUTE },
  requestRegistrationEmail: { max: 5, timeWindowMs: 60 * MINUTE },
  guestIdentifier: { max: 30, timeWindowMs: 60 * MINUTE },
  guestTokens: { max: 30, timeWindowMs: 15 * MINUTE },
  claimCharger: { max: 10, timeWindowMs: 15 * MINUTE },
};

/** What, besides the client address, a call's attempts are counted per; undefined: not named. */
export type RateLimitSubject = (request: FastifyRequest) => string | undefined;

/** A string field of the validated body, as a counting key (case and spaces do not matter). */
export const bodyField =
  (name: string): RateLimitSubject =>
  ({ body }) => {
    const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : '';
    return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  };

const tooManyAttempts = (retryAfterSeconds: number) =>
  new AppError(
    429,
    'RATE_LIMITED',
    `Too many attempts, please try again in ${
      retryAfterSeconds < 120
        ? `${retryAfterSeconds} seconds`
        : `${Math.ceil(retryAfterSeconds / 60)} minutes`
    }`,
  );

/**
 * A preHandler (after validation, so names are normalised) counting the request once per client
 * address and once per each subject it names. The address is counted first: attempts an address
 * is refused do not also use up the named account's allowance.
 */
export function rateLimitHook(
  app: FastifyInstance,
  limit: RateLimit,
  subjects: readonly RateLimitSubject[] = [],
): preHandlerAsyncHookHandler {
  const options = { max: limit.max, timeWindow: limit.timeWindowMs };
  const byAddress = app.createRateLimit(options);
  const bySubject = subjects.map((subject) => ({
    subject,
    count: app.createRateLimit({ ...options, keyGenerator: (request) => subject(request) ?? '' }),
  }));
  return async (request, reply) => {
    const counters = [byAddress];
    for (const { subject, count } of bySubject) if (subject(request)) counters.push(count);
    for (const count of counters) {
      const result = await count(request);
      if (!result.isAllowed && result.isExceeded) {
        void reply.header('retry-after', result.ttlInSeconds);
        throw tooManyAttempts(result.ttlInSeconds);
      }
    }
  };
}
