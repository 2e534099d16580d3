import { useEffect } from 'react';
import { IonButton, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import type { ChargerView } from '@evc/contract';
import {
  canStartChargeAt,
  chargeEstimate,
  connectorStatusClass,
  connectorStatusWording,
  hasTariffChart,
  isChargerBarcode,
  isConnectorAvailableNow,
  isTariffFree,
  localTimeSlot,
  minorAmountText,
  tariffVariesByTime,
} from '@evc/domain';
import { ApiError } from '../../lib/api/api-error.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useFlowPath } from '../../lib/guest-paths.ts';
import { rememberCharger } from '../../lib/recent-chargers.ts';
import { ChargerBanner } from '../../ui/charger-banner/charger-banner.tsx';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { Popover } from '../../ui/popover/popover.tsx';
import { TariffChart } from '../../ui/tariff-chart/tariff-chart.tsx';
import { useTariffWords } from '../../ui/tariff-wording/tariff-wording.tsx';
import { useChargerByBarcode } from '../../lib/api/calls/get-charger-by-barcode.ts';
import { useOwnsConnectorSession } from '../../lib/api/calls/check-my-transaction-data.ts';
import { selectPaymentPath } from '../../lib/charging-session/charging-flow.ts';
import { openDirections } from '../../lib/platform/directions.ts';
import { PriceNow } from './price-now.tsx';
import './chargers.css';
import { useDates, useFormatLocale } from '../../lib/dates.ts';
import { powerText } from '../../lib/power-text.ts';

function TariffSummary({ tariff }: { tariff: ChargerView['tariff'] }) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const money = (minor: number) => minorAmountText(minor, tariff.currency, locale);
  const words = useTariffWords()(tariff);
  if (isTariffFree({ ...tariff, variability: tariff.variability })) {
    return <p className="tariff-free">{t('chargers.tariff.free')}</p>;
  }
  // Issue 19: worded as the driver reads it at a glance ('Day 69p/kWh · 20:00–00:00 49p/kWh' in
  // local time, 'Time fee £1.00/h', 'Overstay £5.00/h after 30 min'). A fee a driver may not
  // expect carries its explanation in a popover on its label.
  const explanations: Record<string, string> = {
    connection: t('chargers.tariff.explain.connection'),
    time: t('chargers.tariff.explain.perPeriod', { minutes: tariff.period }),
    overstay: t('chargers.tariff.explain.overstay', {
      minutes: tariff.overstayperiod,
      grace: tariff.overstaygraceperiod,
      amount: money(tariff.overstaycostperperiod),
    }),
  };
  const rows: [string, string, string?][] = [
    [
      tariff.variability && !tariff.variability.twentyfourseven
        ? t('chargers.tariff.variable')
        : t('chargers.tariff.rate'),
      words.energy,
    ],
    ...words.terms.map((term): [string, string, string?] => [
      term.label,
      term.value,
      explanations[term.kind],
    ]),
  ];
  return (
    <dl className="tariff-list">
      {rows.map(([label, value, explanation]) => (
        <div key={label}>
          <dt>
            {explanation ? (
              <Popover label={label} placement="top">
                {explanation}
              </Popover>
            ) : (
              label
            )}
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
      {tariff.payableByFuelCard && <p className="form-note">{t('chargers.tariff.fuelCard')}</p>}
    </dl>
  );
}

/** Issue 15: what a typical 20 kWh charge would cost here now, at each connector power. */
function ChargeEstimates({ charger }: { charger: ChargerView }) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const { tariff } = charger;
  if (isTariffFree(tariff)) return null;
  const startAt = new Date();
  const powers = [
    ...new Set(
      charger.connectors
        .filter((connector) => connector.connectornumber !== 0)
        .map((connector) => connector.maxPowerKw),
    ),
  ].sort((a, b) => a - b);
  const estimates = powers.flatMap((powerKw) => {
    const estimate = chargeEstimate({ tariff, powerKw, startAt });
    return estimate ? [{ powerKw, estimate }] : [];
  });
  if (estimates.length === 0) return null;
  return (
    <section className="charge-estimate" aria-labelledby="charge-estimate-title">
      <p className="section-label" id="charge-estimate-title">
        {t('chargers.estimate.title')}
      </p>
      <dl className="tariff-list">
        {estimates.map(({ powerKw, estimate }) => (
          <div key={powerKw} data-field="estimate">
            <dt>
              {t(
                estimate.durationMinutes < 60
                  ? 'chargers.estimate.atMinutes'
                  : 'chargers.estimate.at',
                {
                  kwh: estimate.energyKwh,
                  power: powerKw,
                  hours: Math.floor(estimate.durationMinutes / 60),
                  minutes: estimate.durationMinutes % 60,
                },
              )}
            </dt>
            <dd>{minorAmountText(estimate.total, tariff.currency, locale)}</dd>
          </div>
        ))}
      </dl>
      <p className="form-note">{t('chargers.estimate.note')}</p>
    </section>
  );
}

/**
 * One connector, worded for the driver (000 §4): the driver whose transaction it runs sees its
 * real status (Charging, SuspendedEV…) as the server says (checkMyTransactionData), everyone else
 * In use or Paused; a car plugged in with no transaction is Plugged in, with its Charge button.
 */
function ConnectorRow({
  charger,
  connector,
  availableNow,
}: {
  charger: ChargerView;
  connector: ChargerView['connectors'][number];
  availableNow: boolean;
}) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const { flowPath } = useFlowPath();
  const { status, inTransaction } = connector.currentStatus;
  const owns = useOwnsConnectorSession(
    charger._id,
    connector.connectornumber,
    status,
    charger.online && inTransaction,
  );
  const wording = connectorStatusWording({
    status,
    chargerOnline: charger.online,
    ownsTransaction: owns,
    inTransaction,
    availableNow,
  });
  const statusClass = connectorStatusClass(status, charger.online, availableNow, inTransaction);
  return (
    <li key={connector.connectornumber} className="connector">
      <div>
        <strong>
          {/* The server's default name 'Connector {n}' (spec 000 §3), in the driver's language. */}
          {t('chargers.details.connectorName', { number: connector.connectornumber })}
        </strong>
        <span>{`${connector.type} · ${powerText(connector.maxPowerKw * 1000, locale)}`}</span>
      </div>
      <div className="connector__side">
        <span className={`status-chip status-chip--${statusClass}`} data-status={wording}>
          {t(`chargers.status.${wording}`)}
        </span>
        {/* Into the charging flow: a free connector, or a car plugged in before anyone started. */}
        {canStartChargeAt(wording) && (
          <IonButton
            size="small"
            routerLink={flowPath(
              selectPaymentPath({
                barcode: charger.idTag.barcode,
                connector: connector.connectornumber,
              }),
            )}
          >
            {t('charging.entry.charge')}
          </IonButton>
        )}
      </div>
    </li>
  );
}

function ChargerDetails({ charger }: { charger: ChargerView }) {
  const { t } = useTranslation();
  const availableNow = isConnectorAvailableNow(
    charger.tariff.variability,
    localTimeSlot(new Date()),
  );
  // Connector 0 is the charger itself and never listed (spec 000 §3).
  const connectors = charger.connectors.filter((connector) => connector.connectornumber !== 0);
  return (
    <>
      {/* The page is headed by the charger's name, so the banner leaves it out. */}
      <ChargerBanner charger={charger} showName={false}>
        <p>{`${charger.address}, ${charger.city} ${charger.post_code}`}</p>
      </ChargerBanner>
      <div className="charger-directions">
        <IonButton
          fill="outline"
          onClick={() => openDirections({ lat: charger.lat, lon: charger.lon }, charger.name)}
        >
          {t('chargers.finder.directions')}
        </IonButton>
      </div>
      {!charger.online && (
        // spec 000 §8: Charger Unavailable (an offline charger cannot be used).
        <div className="form-error charger-unavailable" role="alert">
          <strong>{t('chargerBanner.unavailable.title')}</strong>
          <p>{t('chargerBanner.unavailable.message')}</p>
        </div>
      )}
      <p className="section-label">{t('chargers.details.connectors')}</p>
      <ul className="connector-list">
        {connectors.map((connector) => (
          <ConnectorRow
            key={connector.connectornumber}
            charger={charger}
            connector={connector}
            availableNow={availableNow}
          />
        ))}
      </ul>
      <p className="section-label">{t('chargers.details.tariff')}</p>
      {/* A price that changes with the time of day says which price is in force now. */}
      {tariffVariesByTime(charger.tariff) && (
        <p className="charger-price-now">
          <PriceNow tariff={charger.tariff} />
        </p>
      )}
      <TariffSummary tariff={charger.tariff} />
      <ChargeEstimates charger={charger} />
      {charger.tariff.variability &&
        !isTariffFree(charger.tariff) &&
        hasTariffChart(charger.tariff.variability) && (
          <>
            <p className="section-label">{t('tariffChart.title')}</p>
            <TariffChart
              variability={charger.tariff.variability}
              standardRate={charger.tariff.standard_rate}
              currency={charger.tariff.currency}
            />
          </>
        )}
    </>
  );
}

/** Issue 19: the charger shown is kept when a refresh fails online, said as the offline note says it. */
function RefreshFailedNote({ updatedAt }: { updatedAt: number }) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <p className="form-note charger-refresh-failed" role="status">
      {t('chargers.details.refreshFailed', { time: dates.format(updatedAt, 'dateTime') })}
    </p>
  );
}

/** spec 000 §2: charger-details/{barcode} (or ?barcode= from a deep link). */
export function ChargerDetailsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const barcode = params.barcode ?? search.get('barcode') ?? '';
  const errorMessage = useErrorMessage();
  const { flowPath } = useFlowPath();
  const charger = useChargerByBarcode(barcode);
  const openedBarcode = charger.data?.idTag.barcode;
  const openedName = charger.data?.name;

  // Home lists the chargers the driver opened on this device.
  useEffect(() => {
    if (openedBarcode !== undefined && openedName !== undefined) {
      void rememberCharger({ barcode: openedBarcode, name: openedName });
    }
  }, [openedBarcode, openedName]);

  const notFound =
    !isChargerBarcode(barcode) ||
    (charger.error instanceof ApiError && charger.error.status === 404);

  return (
    <PageView title={openedName ?? t('chargers.details.title')} fitTitle={openedName !== undefined}>
      {notFound ? (
        <div className="form-error" role="alert">
          <strong>{t('chargers.notFound.title')}</strong>
          <p>{t('chargers.notFound.message')}</p>
          <IonButton fill="outline" routerLink={flowPath('/home')}>
            {t('chargers.notFound.again')}
          </IonButton>
        </div>
      ) : charger.data ? (
        <>
          {/* A refresh that failed keeps the charger on screen and says how old it is; the
              next refresh that comes through takes the note away. */}
          {charger.isRefetchError && <RefreshFailedNote updatedAt={charger.dataUpdatedAt} />}
          <ChargerDetails charger={charger.data} />
        </>
      ) : charger.error ? (
        <>
          <FormError message={errorMessage(charger.error)} />
          <IonButton fill="outline" onClick={() => void charger.refetch()}>
            {t('common.retry')}
          </IonButton>
        </>
      ) : (
        <IonSpinner name="crescent" color="primary" />
      )}
    </PageView>
  );
}
