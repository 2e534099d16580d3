import { useTranslation } from 'react-i18next';
import type { DashboardData } from '@evc/contract';
import { formatMoney } from '@evc/domain';
import { useDates, useFormatLocale } from '../../lib/dates.ts';
import { BarChart } from '../../ui/bar-chart/bar-chart.tsx';
import './dashboard-charts.css';

/** The dashboard's charts: energy and spending per day (month, N days) or per month (year). */
export default function DashboardCharts({ data }: { data: DashboardData }) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const dates = useDates();
  const labelStyle = data.window.bucket === 'month' ? 'month' : 'dayMonth';
  const label = (start: string) => dates.format(start, labelStyle);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const currency = data.totals.spent[0]?.currency;
  return (
    <div className="dashboard-charts">
      <BarChart
        title={t('dashboard.charts.energy')}
        bars={data.buckets.map((bucket) => ({
          key: bucket.start,
          label: label(bucket.start),
          value: bucket.totals.kWh,
          text: t('dashboard.kwh', { kwh: number.format(bucket.totals.kWh) }),
        }))}
      />
      {currency && (
        <BarChart
          title={t('dashboard.charts.spent', { currency: currency.code })}
          bars={data.buckets.map((bucket) => {
            const total =
              bucket.totals.spent.find((spend) => spend.currency.code === currency.code)?.total ??
              0;
            return {
              key: bucket.start,
              label: label(bucket.start),
              value: total,
              text: formatMoney(total, currency, locale),
            };
          })}
        />
      )}
    </div>
  );
}
