import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';

const isFieldError = (value: unknown): value is FieldError =>
  typeof value === 'object' && value !== null && typeof (value as FieldError).type === 'string';

/** Each refused input of a form's errors, by its dotted path ("address.city"). */
export function refusedInputs(errors: FieldErrors, prefix = ''): [string, FieldError][] {
  return Object.entries(errors).flatMap(([key, value]): [string, FieldError][] => {
    if (key === 'root') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    if (isFieldError(value)) return [[path, value]];
    return typeof value === 'object' && value !== null
      ? refusedInputs(value as FieldErrors, path)
      : [];
  });
}

/**
 * A resolver whose refusals are worded by the form: the contract's schemas word them in English
 * for the server's answers, and the driver reads them in their own language.
 */
export function wordedResolver<In extends FieldValues, Context, Out>(
  resolver: Resolver<In, Context, Out>,
  word: (path: string, refusal: FieldError) => string,
): Resolver<In, Context, Out> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const refused = refusedInputs(result.errors);
    if (refused.length === 0) return result;
    const worded = Object.fromEntries(
      refused.map(([path, refusal]) => [path, { ...refusal, message: word(path, refusal) }]),
    );
    return { values: {}, errors: toNestErrors(worded, options) };
  };
}
