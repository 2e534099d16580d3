import { tooLongLimit } from '@evc/contract';
import { ApiError } from './api-error.ts';

/**
 * The limit a refused field went over ("user.address.city: at most 100 characters"), whether the
 * app's own check of the request or the server refused it; null for any other failure.
 */
export function tooLongLimitOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION') return null;
  return tooLongLimit(error.message);
}
