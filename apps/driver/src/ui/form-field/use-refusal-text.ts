import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { tooLongLimit } from '@evc/contract';

/**
 * The words for a refused input: how long it may be when that is the problem ("at most 100
 * characters", from the app's own check or the server's), otherwise the form's own words.
 */
export function useRefusalText(): (problem: string | undefined, words: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (problem, words) => {
      const limit = problem === undefined ? null : tooLongLimit(problem);
      return limit === null ? words : t('errors.tooLong', { max: limit });
    },
    [t],
  );
}
