import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@evc/contract';

/** A failure a caller is meant to see: status, machine code and human message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly forcelogout = false,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ErrorBody {
    return {
      message: this.message,
      code: this.code,
      ...(this.forcelogout ? { forcelogout: true } : {}),
    };
  }
}

export const validationError = (field: string, problem: string) =>
  new AppError(400, 'VALIDATION', `${field}: ${problem}`);

export const forbidden = () =>
  new AppError(403, 'FORBIDDEN', 'You may only read or change your own account');

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

/** "user.address.city: Please enter your City" from the first zod issue of a request. */
function describeValidation(issues: readonly ValidationIssue[], context: string | undefined) {
  const [first] = issues;
  const field = (first?.instancePath ?? '').split('/').filter(Boolean).join('.');
  return `${field || (context ?? 'body')}: ${first?.message ?? 'is invalid'}`;
}

const isFastifyError = (error: unknown): error is FastifyError =>
  error instanceof Error && 'code' in error;

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({
        message: describeValidation(error.validation, error.validationContext),
        code: 'VALIDATION',
      });
    }
    if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode < 500) {
      // Malformed JSON, wrong content type, body too large and the like: still the caller's input.
      const code = error.statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION';
      return reply.status(error.statusCode).send({ message: `body: ${error.message}`, code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side', code: 'INTERNAL' });
  });
}
