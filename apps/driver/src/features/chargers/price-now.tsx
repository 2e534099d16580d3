import { useTranslation } from 'react-i18next';
import type { ChargerView } from '@evc/contract';
import { isTariffFree, rateAt, ratePerKwhText } from '@evc/domain';
import { useFormatLocale } from '../../lib/dates.ts';

/** The energy price in force now, by the domain's tariff rules (issue 19: price now). */
export function PriceNow({ tariff, now }: { tariff: ChargerView['tariff']; now: Date }) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const text = isTariffFree(tariff)
    ? t('chargers.finder.free')
    : ratePerKwhText(rateAt(tariff, now), tariff.currency, locale);
  return (
    <span className="price-now" data-testid="price-now">
      {t('chargers.finder.priceNow', { price: text })}
    </span>
  );
}
