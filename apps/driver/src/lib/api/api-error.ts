import type { ErrorCode } from '@evc/contract';

export const NETWORK_ERROR_CODE = 'NETWORK';
export const INVALID_RESPONSE_CODE = 'INVALID_RESPONSE';

/** The server's codes, and the app's own for no answer, an answer it cannot read, or a bare status. */
export type ApiErrorCode =
  ErrorCode | typeof NETWORK_ERROR_CODE | typeof INVALID_RESPONSE_CODE | `HTTP_${number}`;

/**
 * A failed call: the server's `{ message, code, field?, forcelogout? }`, or status 0 when there
 * was no answer. `field` is the dotted path of the request input the failure is about.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly field: string | undefined;
  readonly forcelogout: boolean;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    options: { field?: string; forcelogout?: boolean } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = options.field;
    this.forcelogout = options.forcelogout ?? false;
  }

  /** No connection (spec 000 §8: status 0, nothing is done). */
  get isOffline(): boolean {
    return this.status === 0;
  }
}
