import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import {
  tariffChartPeriods,
  tariffChartPriceText,
  tariffChartRows,
  tariffDaysDiffer,
  utcHalfHour,
  type TariffVariability,
} from '@evc/domain';
import { useDates, type Dates, useFormatLocale } from '../../lib/dates.ts';
import './tariff-chart.css';

export interface TariffChartProps {
  variability: TariffVariability;
  /** The rate of a weekday the tariff does not list (24/7 tariffs). */
  standardRate: number;
  /** ISO 4217 code of the tariff's currency. */
  currency: string;
  /** spec 001 §2: the now-marker's label, by default the variable-tariff page's 'now' text. */
  nowLabelKey?: string;
  /** The moment 'now' is; the current time unless given. */
  now?: Date;
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The weekday's short name in the driver's language (1 = Monday, as 2024-01-01 was). */
function weekdayName(weekday: number, dates: Dates): string {
  return dates.format(Date.UTC(2024, 0, weekday), 'weekday', { timeZone: 'UTC' });
}

/**
 * spec 001 §2, §9: the variable tariff chart — 24 hourly rows of two half-hour cells, each with
 * its price; red above the day's average, green otherwise, grey when unavailable; a repeated
 * price faded; a marker on the half hour of the current UTC time. Today by default, with a
 * weekday switcher when the days differ.
 */
export function TariffChart({
  variability,
  standardRate,
  currency,
  nowLabelKey = 'variableTariff.now',
  now = new Date(),
}: TariffChartProps) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const dates = useDates();
  const today = utcHalfHour(now);
  const [weekday, setWeekday] = useState(today.weekday);
  const rows = tariffChartRows(
    tariffChartPeriods(variability, weekday, standardRate),
    weekday === today.weekday ? today.period : null,
  );

  return (
    <section className="tariff-chart" aria-label={t('tariffChart.title')}>
      {tariffDaysDiffer(variability.regular_hours) && (
        <div className="tariff-chart__days" role="group" aria-label={t('tariffChart.weekday')}>
          {WEEKDAYS.map((day) => (
            <IonButton
              key={day}
              size="small"
              fill={day === weekday ? 'solid' : 'outline'}
              aria-pressed={day === weekday}
              onClick={() => setWeekday(day)}
            >
              {weekdayName(day, dates)}
            </IonButton>
          ))}
        </div>
      )}
      <table className="tariff-chart__table">
        <caption>{t('tariffChart.caption', { day: weekdayName(weekday, dates) })}</caption>
        {/* Issue 19: each hour's two half-hour columns say which half they are. */}
        <thead>
          <tr>
            <th scope="col">{t('tariffChart.columns.hour')}</th>
            <th scope="col">{t('tariffChart.columns.first')}</th>
            <th scope="col">{t('tariffChart.columns.second')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.hour}>
              <th scope="row">{row.cells[0].start}</th>
              {row.cells.map((cell) => (
                <td
                  key={cell.period}
                  className={[
                    'tariff-chart__cell',
                    `tariff-chart__cell--${cell.level}`,
                    cell.faded ? 'tariff-chart__cell--faded' : '',
                    cell.now ? 'tariff-chart__cell--now' : '',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                  data-start={cell.start}
                  data-level={cell.level}
                  title={t(`tariffChart.level.${cell.level}`)}
                >
                  <span className="tariff-chart__price">
                    {tariffChartPriceText(cell.rate, currency, locale)}
                  </span>
                  {cell.now && <span className="tariff-chart__now">{t(nowLabelKey)}</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="tariff-chart__legend">
        {(['above-average', 'not-above-average', 'unavailable'] as const).map((level) => (
          <span key={level} className={`tariff-chart__key tariff-chart__cell--${level}`}>
            {t(`tariffChart.level.${level}`)}
          </span>
        ))}
      </p>
    </section>
  );
}
