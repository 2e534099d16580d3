import { useTranslation } from 'react-i18next';
import type { ChargeHistoryItem } from '@evc/contract';
import { costPerKwh, durationText, formatMoney } from '@evc/domain';
import { useDates, useFormatLocale } from '../../lib/dates.ts';
import { breakdownSession } from '../../ui/cost-breakdown/breakdown-session.ts';
import { CostBreakdown } from '../../ui/cost-breakdown/cost-breakdown.tsx';

/**
 * spec 000 §2 charge details: the charge's figures and its cost breakdown (001 §2, §9), the same
 * rows as the completed page's, adding up to the cost (issue 19).
 */
export function ChargeDetails({ item }: { item: ChargeHistoryItem }) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const money = (minor: number) => formatMoney(minor, item.currency, locale);
  const dates = useDates();
  const dateTime = (iso: string) => dates.format(iso, 'dateTime');
  const perKwh = costPerKwh(item.cost, item.kwh);
  const rows: [string, string][] = [
    ['started', dateTime(item.startdate)],
    ...(item.enddate ? [['ended', dateTime(item.enddate)] as [string, string]] : []),
    ['duration', durationText(item.duration)],
    [
      'energy',
      t('history.kwh', {
        kwh: new Intl.NumberFormat(locale, {
          maximumFractionDigits: 1,
          minimumFractionDigits: 1,
        }).format(item.kwh),
      }),
    ],
    ['cost', money(item.cost)],
    ...(perKwh === null
      ? []
      : [
          ['perKwh', t('history.perKwh', { amount: money(Math.round(perKwh)) })] as [
            string,
            string,
          ],
        ]),
  ];
  return (
    <section className="charge-details" aria-label={t('history.details')}>
      <p className="charge-details__place">
        {item.name}
        <br />
        {[item.city, item.post_code].filter(Boolean).join(', ')}
      </p>
      <dl className="charge-details__figures">
        {rows.map(([field, value]) => (
          <div key={field} data-field={field}>
            <dt>{t(`history.fields.${field}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {!item.finished && <p className="form-note">{t('history.ongoing')}</p>}
      <CostBreakdown
        entries={item.breakdown}
        symbol={item.currency.symbol}
        open
        session={breakdownSession(item)}
      />
    </section>
  );
}
