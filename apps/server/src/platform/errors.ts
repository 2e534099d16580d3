import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@evc/contract';

export interface AppErrorOptions {
  /** The session must end: the app signs the driver out. */
  forcelogout?: boolean;
  /** The input the failure is about, as a dotted path into the request ("user.password"). */
  field?: string;
}

/** A failure a caller is meant to see: status, machine code and human message. */
export class AppError extends Error {
  readonly forcelogout: boolean;
  readonly field: string | undefined;

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.forcelogout = options.forcelogout ?? false;
    this.field = options.field;
  }

  toBody(): ErrorBody {
    return {
      message: this.message,
      code: this.code,
      ...(this.field === undefined ? {} : { field: this.field }),
      ...(this.forcelogout ? { forcelogout: true } : {}),
    };
  }
}

export const validationError = (field: string, problem: string) =>
  new AppError(400, 'VALIDATION', `${field}: ${problem}`, { field });

/** The signed-in account was deleted: the session ends. */
export const accountGone = () =>
  new AppError(401, 'SESSION_REVOKED', 'Your account no longer exists', { forcelogout: true });

/** A guest's token on a call that needs an account (ADR 0004). */
export const guestNotAllowed = () =>
  new AppError(403, 'GUEST_NOT_ALLOWED', 'Please sign in or register to do this');

/** A guest asked to pay by credit or fuel card, or to top up: those need an account. */
export const guestPaysByCard = (field = 'source') =>
  new AppError(
    403,
    'GUEST_NOT_ALLOWED',
    `${field}: a guest pays by card, Apple Pay or Google Pay; please sign in or register to use credit or a fuel card`,
    { field },
  );

export const forbidden = () =>
  new AppError(403, 'FORBIDDEN', 'You may only read or change your own account');

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

/** "user.address.city: Please enter your City", naming the field, from a request's first zod issue. */
function describeValidation(
  issues: readonly ValidationIssue[],
  context: string | undefined,
): ErrorBody {
  const [first] = issues;
  const field = (first?.instancePath ?? '').split('/').filter(Boolean).join('.');
  return {
    message: `${field || (context ?? 'body')}: ${first?.message ?? 'is invalid'}`,
    code: 'VALIDATION',
    ...(field ? { field } : {}),
  };
}

const isFastifyError = (error: unknown): error is FastifyError =>
  error instanceof Error && 'code' in error;

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(describeValidation(error.validation, error.validationContext));
    }
    if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode < 500) {
      // Malformed JSON, wrong content type, body too large and the like: still the caller's input.
      const code: ErrorCode = error.statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION';
      return reply
        .status(error.statusCode)
        .send({ message: `body: ${error.message}`, code } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side', code: 'INTERNAL' } satisfies ErrorBody);
  });
}
