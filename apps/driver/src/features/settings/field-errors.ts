import { ApiError } from '../../lib/api/api-error.ts';

/**
 * The field a refused save is about. Both the app's own check of the request and the server
 * answer a 400 as "<path>: <problem>" (e.g. "fields.address.city: Please enter your City");
 * the path's last part names the field.
 */
export function refusedField(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const path = error.message.split(':')[0] ?? '';
  if (path === error.message) return null;
  return path.split('.').pop() ?? null;
}
