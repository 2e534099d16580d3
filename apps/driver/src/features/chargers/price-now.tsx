import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChargerPrice, ChargerView } from '@evc/contract';
import { isTariffFree, priceStepsVary, rateAt, rateInSteps, ratePerKwhText } from '@evc/domain';
import { useFormatLocale } from '../../lib/dates.ts';
import { useHalfHourNow } from '../../lib/use-half-hour-now.ts';
import { useChargerPrice } from './api/charger-prices.ts';

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

/** How a listed price is worded: `short` on a map marker (the rate alone). */
export type ListedPriceText = (price: ChargerPrice, short?: boolean) => string;

/**
 * Issue 19: the wording of a listed charger's price now, from its week of price steps: "Free",
 * the rate ("45p/kWh"), or "Now 45p/kWh" when the rate changes with the time of day. Moved on
 * when the half hour turns; one clock for all the rows or markers on screen.
 */
export function useListedPriceText(): ListedPriceText {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const now = useHalfHourNow();
  return useCallback(
    (price, short = false) => {
      if (price.free) return t('chargers.finder.free');
      const rate = ratePerKwhText(rateInSteps(price.steps, now), price.currency, locale);
      return short || !priceStepsVary(price.steps)
        ? rate
        : t('chargers.finder.priceNow', { price: rate });
    },
    [t, locale, now],
  );
}

/** A listed charger's price now, once its price has arrived; nothing before or without it. */
export function ListedPrice({ barcode, text }: { barcode: string; text: ListedPriceText }) {
  const price = useChargerPrice(barcode).data;
  if (!price) return null;
  return (
    <span className="price-now finder-row__price" data-testid="price-now">
      {text(price)}
    </span>
  );
}
