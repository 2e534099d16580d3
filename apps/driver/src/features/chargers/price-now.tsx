import { useTranslation } from 'react-i18next';
import type { ChargerView } from '@evc/contract';
import { isTariffFree, rateAt, ratePerKwhText } from '@evc/domain';
import { useFormatLocale } from '../../lib/dates.ts';
import { useHalfHourNow } from '../../lib/use-half-hour-now.ts';

/**
 * The energy price in force now, by the domain's tariff rules (issue 19: price now), moved on
 * when the half hour turns.
 */
export function PriceNow({ tariff }: { tariff: ChargerView['tariff'] }) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const now = useHalfHourNow();
  const text = isTariffFree(tariff)
    ? t('chargers.finder.free')
    : ratePerKwhText(rateAt(tariff, now), tariff.currency, locale);
  return (
    <span className="price-now" data-testid="price-now">
      {t('chargers.finder.priceNow', { price: text })}
    </span>
  );
}
