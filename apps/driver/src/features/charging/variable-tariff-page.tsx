import { IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { hasTariffChart, isTariffFree } from '@evc/domain';
import { useSessionById } from '../../lib/api/calls/get-transaction-by-id.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { TariffChart } from '../../ui/tariff-chart/tariff-chart.tsx';
import { TariffWording } from '../../ui/tariff-wording/tariff-wording.tsx';
import { readSessionId } from '../../lib/charging-session/charging-flow.ts';

/**
 * spec 001 §2: variable-tariff?transactionId= — the tariff chart of that session's tariff. Issue
 * 19: headed by the tariff in words, the price now and the alternate rate's hours in the driver's
 * local time, and its fees.
 */
export function VariableTariffPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [search] = useSearchParams();
  const sessionId = readSessionId(search);
  const sessionQuery = useSessionById(sessionId);
  const tariff = sessionQuery.data?.data.tariff;
  return (
    <PageView title={t('charging.variableTariff.title')} subtitle={sessionQuery.data?.chargerName}>
      {!sessionId ? (
        <FormError message={t('charging.variableTariff.missing')} />
      ) : sessionQuery.error ? (
        <FormError message={errorMessage(sessionQuery.error)} />
      ) : !tariff ? (
        <IonSpinner name="crescent" color="primary" />
      ) : (
        <>
          <TariffWording tariff={tariff} />
          {tariff.variability && !isTariffFree(tariff) && hasTariffChart(tariff.variability) && (
            <TariffChart
              variability={tariff.variability}
              standardRate={tariff.standard_rate}
              currency={tariff.currency}
            />
          )}
        </>
      )}
    </PageView>
  );
}
