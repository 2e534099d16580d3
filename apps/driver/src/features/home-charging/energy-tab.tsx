import { IonLabel, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import {
  CHARGER_INFO_PERIODS,
  chargerInfoPeriod,
  formatMoney,
  type ChargerInfoPeriod,
} from '@evc/domain';
import { useDashboardData, type DashboardPeriod } from '../../lib/api/calls/get-dashboard-data.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useDates, useFormatLocale } from '../../lib/dates.ts';
import { BarChart } from '../../ui/bar-chart/bar-chart.tsx';
import { IonSegment, IonSegmentButton } from '../../ui/ionic/ion-segment.ts';
import { FormError } from '../../ui/page-view/page-view.tsx';
import { homeCostFigures } from './energy-figures.ts';

/** The dashboard's window for each period tab: today since midnight, 7 days, 1 month, 1 year. */
const WINDOW: Record<ChargerInfoPeriod, DashboardPeriod> = {
  DAY: 'today',
  WEEK: 'week',
  MONTH: 'month',
  YEAR: 'year',
};

export interface EnergyTabProps {
  chargerId: string;
  /** The period as asked for; an unknown one is DAY (001 §2). */
  period: string | null;
  onPeriod: (period: ChargerInfoPeriod) => void;
}

/**
 * spec 001 §2 ENERGY (Charger Energy & Costing): the energy and home cost at the charger per
 * period tab, with charts; loaded only when the tab shows.
 */
export default function EnergyTab({ chargerId, period: asked, onPeriod }: EnergyTabProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const locale = useFormatLocale();
  const dates = useDates();
  const period = chargerInfoPeriod(asked);
  const dashboard = useDashboardData(WINDOW[period], chargerId);
  const failure = dashboard.error;
  const data = dashboard.data;
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);

  let body;
  if (failure) body = <FormError message={errorMessage(failure)} />;
  else if (!data) body = <IonSpinner name="crescent" color="primary" />;
  else {
    const cost = homeCostFigures(data);
    const labelStyle = data.window.bucket === 'month' ? 'month' : 'dayMonth';
    const label = (start: string) => dates.format(start, labelStyle);
    body = (
      <>
        <dl className="home-energy">
          <div data-field="energy">
            <dt>{t('homeCharging.energy.energy')}</dt>
            <dd>{t('homeCharging.kwh', { kwh: number(data.totals.kWh, 1) })}</dd>
          </div>
          <div data-field="homeCost">
            <dt>{t('homeCharging.energy.homeCost')}</dt>
            <dd>
              {cost.currency && cost.total !== null
                ? formatMoney(cost.total, cost.currency, locale)
                : '–'}
            </dd>
          </div>
          <div data-field="sessions">
            <dt>{t('homeCharging.energy.sessions')}</dt>
            <dd>{data.totals.sessions}</dd>
          </div>
        </dl>
        {cost.currency === null && data.totals.sessions > 0 && (
          <p className="form-note">{t('homeCharging.energy.noTariff')}</p>
        )}
        <div className="home-energy__charts">
          <BarChart
            title={t('homeCharging.energy.chartEnergy')}
            bars={data.buckets.map((bucket) => ({
              key: bucket.start,
              label: label(bucket.start),
              value: bucket.totals.kWh,
              text: t('homeCharging.kwh', { kwh: number(bucket.totals.kWh, 1) }),
            }))}
          />
          {cost.currency && (
            <BarChart
              title={t('homeCharging.energy.chartCost', { currency: cost.currency.code })}
              bars={data.buckets.map((bucket, index) => ({
                key: bucket.start,
                label: label(bucket.start),
                value: cost.perBucket[index] ?? 0,
                text: formatMoney(
                  cost.perBucket[index] ?? 0,
                  cost.currency ?? { code: 'GBP' },
                  locale,
                ),
              }))}
            />
          )}
        </div>
      </>
    );
  }

  return (
    <>
      <IonSegment
        className="home-periods"
        value={period}
        onIonChange={(event) => onPeriod(chargerInfoPeriod(String(event.detail.value)))}
      >
        {CHARGER_INFO_PERIODS.map((value) => (
          <IonSegmentButton key={value} value={value}>
            <IonLabel>{t(`homeCharging.periods.${value}`)}</IonLabel>
          </IonSegmentButton>
        ))}
      </IonSegment>
      {body}
    </>
  );
}
