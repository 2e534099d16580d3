import { useEffect } from 'react';
import type { FieldValues, UseFormClearErrors, UseFormWatch } from 'react-hook-form';

/**
 * Issue 19: a refusal of the whole form (`errors.root.server`, placeRefusal) goes as soon as the
 * driver changes what was refused, as the refusals under each input do (react-hook-form checks an
 * input again on each change once the form was sent).
 */
export function useRefusalClearedOnEdit<T extends FieldValues>({
  watch,
  clearErrors,
}: {
  watch: UseFormWatch<T>;
  clearErrors: UseFormClearErrors<T>;
}): void {
  useEffect(() => {
    const watching = watch((_, { type }) => {
      if (type === 'change') clearErrors('root.server');
    });
    return () => watching.unsubscribe();
  }, [watch, clearErrors]);
}
