import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api/api-error.ts';

/**
 * Shows a failed save where it belongs: beside the input the answer's `field` names when the
 * form has one for it (`inputOf`), otherwise under the whole form (`errors.root.server`).
 */
export function placeRefusal<T extends FieldValues, Input extends FieldPath<T>>(
  failure: unknown,
  setError: UseFormSetError<T>,
  inputOf: (field: string) => Input | null,
  words: (input: Input | null) => string,
): void {
  const input = failure instanceof ApiError && failure.field ? inputOf(failure.field) : null;
  setError(input ?? 'root.server', { type: 'server', message: words(input) });
}
