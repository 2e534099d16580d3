import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { specMessageKey } from '@evc/domain';
import { PaymentError } from '../payment-error.ts';
import { ApiError } from './api-error.ts';

/**
 * The text to show for a failed call: the translation of its code when there is one
 * (`errors.codes.<CODE>`), then the translation of a message the server said in the spec's own
 * words (a refused registration field, say), otherwise the server's own message; no connection
 * reads "No Internet Connection"; a payment error (spec 000 §8) reads its own translation.
 */
export function useErrorMessage(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) {
        if (error.isOffline) return t('errors.network');
        const key = `errors.codes.${error.code}`;
        if (i18n.exists(key)) return t(key);
        const spec = specMessageKey(error.message);
        return spec ? t(spec) : error.message;
      }
      if (error instanceof PaymentError) return t(`paymentErrors.${error.code}`);
      return t('errors.generic');
    },
    [t, i18n],
  );
}
