/** A failed call: the server's `{ message, code, forcelogout? }`, or status 0 when there was no answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly forcelogout: boolean;

  constructor(status: number, code: string, message: string, forcelogout = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.forcelogout = forcelogout;
  }

  /** No connection (spec 000 §8: status 0, nothing is done). */
  get isOffline(): boolean {
    return this.status === 0;
  }
}

export const NETWORK_ERROR_CODE = 'NETWORK';
export const INVALID_RESPONSE_CODE = 'INVALID_RESPONSE';
