import { useTranslation } from 'react-i18next';
import type { ChargerView } from '@evc/contract';
import { chargeEstimate, isTariffFree, minorAmountText } from '@evc/domain';
import { TariffWording } from '../../ui/tariff-wording/tariff-wording.tsx';
import { useFormatLocale } from '../../lib/dates.ts';
import { useHalfHourNow } from '../../lib/use-half-hour-now.ts';

/**
 * Issue 19: before the hold, the tariff and what a typical charge would cost at this connector
 * ('about £9.00 for 20 kWh'), priced by the session rule from now at the connector's rating.
 */
export function ChargePrice({
  charger,
  connector,
  now: givenNow,
}: {
  charger: ChargerView;
  connector: number;
  now?: Date;
}) {
  const { t } = useTranslation();
  // Moved on when the half hour turns, so the price and estimate follow the rate in force.
  const clock = useHalfHourNow();
  const now = givenNow ?? clock;
  const locale = useFormatLocale();
  const { tariff } = charger;
  const powerKw =
    charger.connectors.find((candidate) => candidate.connectornumber === connector)?.maxPowerKw ??
    0;
  const estimate = isTariffFree(tariff) ? null : chargeEstimate({ tariff, powerKw, startAt: now });
  return (
    <section className="charge-price" aria-label={t('charging.confirm.price')}>
      <TariffWording tariff={tariff} now={now} />
      {estimate && (
        <p className="charge-price__estimate" data-testid="charge-estimate">
          {t('charging.confirm.estimate', {
            amount: minorAmountText(estimate.total, tariff.currency, locale),
            kwh: estimate.energyKwh,
          })}
        </p>
      )}
    </section>
  );
}
