import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { mfaFailureKey, type MfaOperation } from '@evc/domain';
import { ApiError } from './api-error.ts';
import { useErrorMessage } from './error-message.ts';

/**
 * spec 001 §8: a failure of MFA management says which operation failed ("Failed to remove the
 * method"), then why when the server or the connection says ("No Internet Connection",
 * "Your 6 digit code was not recognised").
 */
export function useMfaFailure(): (operation: MfaOperation, failure: unknown) => string {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  return useCallback(
    (operation, failure) => {
      const what = t(mfaFailureKey(operation));
      if (!(failure instanceof ApiError)) return what;
      return t('mfa.failedBecause', { operation: what, reason: errorMessage(failure) });
    },
    [t, errorMessage],
  );
}
