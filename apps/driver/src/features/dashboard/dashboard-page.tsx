import { lazy, Suspense, useState } from 'react';
import { IonLabel, IonSpinner } from '@ionic/react';
import { IonSegment, IonSegmentButton } from '../../ui/ionic/ion-segment.ts';
import { useTranslation } from 'react-i18next';
import type { DashboardData } from '@evc/contract';
import {
  distanceIn,
  distanceUnitOf,
  durationText,
  formatMoney,
  perDistanceIn,
  perKwhIn,
} from '@evc/domain';
import { useBrand } from '../../lib/brand.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import {
  DASHBOARD_PERIODS,
  useDashboardData,
  type DashboardPeriod,
} from '../../lib/api/calls/get-dashboard-data.ts';
import './dashboard.css';
import { useFormatLocale } from '../../lib/dates.ts';

// The charts come with the dashboard only: their code is a chunk of its own.
const DashboardCharts = lazy(() => import('./dashboard-charts.tsx'));

/** Issue 19: distances in the unit of the brand's country (miles in the UK). */
function Summary({ data }: { data: DashboardData }) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const { brand } = useBrand();
  const unit = distanceUnitOf(brand.defaultCountry);
  const words = `dashboard.units.${unit}`;
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);
  const { totals } = data;
  // Without a car there is no distance: the tiles say so with a dash, the note below says why.
  const noCar = '–';
  const tiles: [string, string][] = [
    ['kwh', t('dashboard.kwh', { kwh: number(totals.kWh, 1) })],
    [
      'km',
      totals.km === null
        ? noCar
        : t(`${words}.distance`, { distance: number(distanceIn(totals.km, unit), 1) }),
    ],
    ['chargeTime', durationText(totals.chargeSeconds)],
    [
      'co2',
      totals.co2SavedKg === null
        ? noCar
        : t('dashboard.co2Kg', { kg: number(totals.co2SavedKg, 1) }),
    ],
    [
      'costPerKm',
      totals.spent.length === 0
        ? '–'
        : totals.spent
            .map((spend) =>
              spend.costPerKm === null
                ? noCar
                : t(`${words}.perDistance`, {
                    amount: formatMoney(
                      Math.round(perDistanceIn(spend.costPerKm, unit)),
                      spend.currency,
                      locale,
                    ),
                  }),
            )
            .join(' · '),
    ],
    [
      'spent',
      totals.spent.length === 0
        ? formatMoney(0, { code: 'GBP' }, locale)
        : totals.spent.map((spend) => formatMoney(spend.total, spend.currency, locale)).join(' · '),
    ],
  ];
  return (
    <>
      <dl className="dashboard-summary">
        {tiles.map(([field, value]) => (
          <div key={field} className="dashboard-tile" data-field={field}>
            <dt>
              {field === 'costPerKm'
                ? t(`${words}.costPerDistance`)
                : t(`dashboard.fields.${field}`)}
            </dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="dashboard-note">
        {t('dashboard.sessions', { count: totals.sessions })}
        {data.car &&
          ` · ${t(`${words}.carNote`, {
            car: `${data.car.make} ${data.car.model}`,
            distance: number(perKwhIn(data.car.milesPerKwh, unit), 1),
          })}`}
      </p>
      {!data.car && (
        <p className="dashboard-note dashboard-note--car" role="note">
          {t(`${words}.noCar`)}
        </p>
      )}
      <p className="dashboard-note">
        {t(`${words}.co2Note`, {
          grams: number(perDistanceIn(data.co2.gramsPerKm, unit), 0),
          source: data.co2.source,
        })}
      </p>
    </>
  );
}

/** spec 000 §2 dashboard: totals by window (000 §9) and charts, the charts loaded with it. */
export function DashboardPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [period, setPeriod] = useState<DashboardPeriod>('month');
  const dashboard = useDashboardData(period);
  return (
    <PageView title={t('dashboard.title')}>
      <IonSegment
        className="dashboard-periods"
        value={period}
        onIonChange={(event) => {
          const value = event.detail.value;
          if (DASHBOARD_PERIODS.includes(value as DashboardPeriod))
            setPeriod(value as DashboardPeriod);
        }}
      >
        {DASHBOARD_PERIODS.map((value) => (
          <IonSegmentButton key={value} value={value}>
            <IonLabel>{t(`dashboard.periods.${value}`)}</IonLabel>
          </IonSegmentButton>
        ))}
      </IonSegment>
      {dashboard.error ? (
        <FormError message={errorMessage(dashboard.error)} />
      ) : !dashboard.data ? (
        <IonSpinner name="crescent" color="primary" />
      ) : (
        <>
          <Summary data={dashboard.data} />
          <Suspense fallback={<IonSpinner name="dots" color="primary" />}>
            <DashboardCharts data={dashboard.data} />
          </Suspense>
        </>
      )}
    </PageView>
  );
}
