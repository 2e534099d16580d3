import { useTranslation } from 'react-i18next';
import type { ChargeHistoryItem } from '@evc/contract';
import { durationText, formatMoney } from '@evc/domain';
import { useDates, useFormatLocale } from '../../lib/dates.ts';

/** One session at the home charger: when, how long, the energy and its home cost (001 §3). */
export function SessionItem({ item }: { item: ChargeHistoryItem }) {
  const { t } = useTranslation();
  const dates = useDates();
  const locale = useFormatLocale();
  const kwh = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(item.kwh);
  const home = item.homeCharge;
  return (
    <li className="home-session" data-id={item._id}>
      <div className="home-session__head">
        <span className="home-session__date">
          {dates.format(item.startdate, 'dateTime')}
          {!item.finished && (
            <span className="home-session__live"> · {t('homeCharging.sessions.ongoing')}</span>
          )}
        </span>
        <strong className="home-session__cost" data-field="homeCost">
          {home ? formatMoney(home.total, home.currency, locale) : '–'}
        </strong>
      </div>
      <dl className="home-session__figures">
        <div data-field="kwh">
          <dt>{t('homeCharging.sessions.energy')}</dt>
          <dd>{t('homeCharging.kwh', { kwh })}</dd>
        </div>
        <div data-field="duration">
          <dt>{t('homeCharging.sessions.duration')}</dt>
          <dd>{durationText(item.duration)}</dd>
        </div>
        <div data-field="rate">
          <dt>{t('homeCharging.sessions.homeRate')}</dt>
          <dd>
            {home
              ? t('homeCharging.sessions.perKwh', {
                  amount: new Intl.NumberFormat(locale, {
                    style: 'currency',
                    currency: home.currency.code,
                    minimumFractionDigits: 2,
                    maximumFractionDigits: 3,
                  }).format(home.rate),
                })
              : t('homeCharging.sessions.noTariff')}
          </dd>
        </div>
      </dl>
    </li>
  );
}
