import { IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { TariffData } from '@evc/contract';
import { hasTariffChart, isTariffFree, ratePerKwhText } from '@evc/domain';
import { useSessionById } from '../../lib/api/calls/get-transaction-by-id.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { TariffChart } from '../../ui/tariff-chart/tariff-chart.tsx';
import { readSessionId } from '../../lib/charging-session/charging-flow.ts';
import { useFormatLocale } from '../../lib/dates.ts';

/** spec 001 §2: variable-tariff?transactionId= — the tariff chart of that session's tariff. */
export function VariableTariffPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [search] = useSearchParams();
  const sessionId = readSessionId(search);
  const sessionQuery = useSessionById(sessionId);
  const tariff = sessionQuery.data?.data.tariff;
  const locale = useFormatLocale();
  /** A tariff without half-hourly rates: its rate, and the alternate rate from its time. */
  const flatTariffText = (flat: TariffData) => {
    const standard = ratePerKwhText(flat.standard_rate, flat.currency, locale);
    if (flat.alternate_rate === null || !flat.alternate_time)
      return t('charging.variableTariff.flat', { rate: standard });
    return t('charging.variableTariff.alternate', {
      rate: standard,
      alternate: ratePerKwhText(flat.alternate_rate, flat.currency, locale),
      time: flat.alternate_time,
    });
  };
  return (
    <PageView title={t('charging.variableTariff.title')} subtitle={sessionQuery.data?.chargerName}>
      {!sessionId ? (
        <FormError message={t('charging.variableTariff.missing')} />
      ) : sessionQuery.error ? (
        <FormError message={errorMessage(sessionQuery.error)} />
      ) : !tariff ? (
        <IonSpinner name="crescent" color="primary" />
      ) : tariff.variability && !isTariffFree(tariff) && hasTariffChart(tariff.variability) ? (
        <TariffChart
          variability={tariff.variability}
          standardRate={tariff.standard_rate}
          currency={tariff.currency}
        />
      ) : (
        <p className="form-note">
          {isTariffFree(tariff) ? t('chargers.tariff.free') : flatTariffText(tariff)}
        </p>
      )}
    </PageView>
  );
}
