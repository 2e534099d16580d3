import { useEffect, useRef } from 'react';
import { IonButton, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { HomeChargerView } from '@evc/contract';
import { connectorStatusClass, connectorStatusWording } from '@evc/domain';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { sessionPath } from '../../lib/charging-session/charging-flow.ts';
import { useLatestChargingSession } from '../../lib/charging-session/use-latest-charging-session.ts';
import { useDates } from '../../lib/dates.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { ChargerBanner } from '../../ui/charger-banner/charger-banner.tsx';
import { DebounceButton } from '../../ui/debounce-button/debounce-button.tsx';
import { FormError } from '../../ui/page-view/page-view.tsx';
import { TransactionSummary } from '../../ui/transaction-summary/transaction-summary.tsx';
import {
  useChargerChanged,
  useStartHomeCharge,
  useStopHomeCharge,
} from './api/charger-commands.ts';
import { useLastSessionAt } from '../../lib/api/calls/get-charge-history.ts';
import { ChargeNow } from './charge-now.tsx';
import { chargeConnectors, chargerGroup } from './charger-status.ts';
import { SessionItem } from './session-item.tsx';

/** A connector a charge can start on: the car plugged in, or the connector free. */
const STARTABLE = new Set(['Available', 'Preparing']);

function Connectors({ charger }: { charger: HomeChargerView }) {
  const { t } = useTranslation();
  return (
    <ul className="home-connectors">
      {chargeConnectors(charger).map((connector) => {
        const wording = connectorStatusWording({
          status: connector.currentStatus.status,
          chargerOnline: charger.online,
          ownsTransaction: true,
        });
        return (
          <li
            key={connector.connectornumber}
            className={`home-connector home-connector--${connectorStatusClass(
              connector.currentStatus.status,
              charger.online,
            )}`}
          >
            <span>
              {t('homeCharging.overview.connector', {
                name: connector.name,
                type: connector.type,
              })}
            </span>
            <strong>{t(`homeCharging.statuses.${wording}`)}</strong>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * spec 001 §2 OVERVIEW (Charger Overview): the charger's status, the session running there with
 * stop (or start, nothing to pay at one's own charger), and the last session.
 */
export function OverviewTab({ charger }: { charger: HomeChargerView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dates = useDates();
  const errorMessage = useErrorMessage();
  const { user } = useSession();
  const latest = useLatestChargingSession();
  const last = useLastSessionAt(user?.HRCode ?? '', charger._id);
  const start = useStartHomeCharge();
  const stop = useStopHomeCharge();
  const session = latest.data;
  const running =
    session &&
    session.chargerid === charger._id &&
    !session.data.finished &&
    session.state !== 'rejected'
      ? session
      : null;
  // A charge that starts or ends changes the charger's status and its last session.
  const changed = useChargerChanged();
  const runningId = running?._id ?? null;
  const seenRunning = useRef(runningId);
  useEffect(() => {
    if (seenRunning.current === runningId) return;
    seenRunning.current = runningId;
    changed();
  }, [runningId, changed]);
  const group = chargerGroup(charger);
  const startable = charger.online
    ? chargeConnectors(charger).filter((connector) => STARTABLE.has(connector.currentStatus.status))
    : [];
  const commandError = start.error ?? stop.error;

  return (
    <>
      <ChargerBanner charger={charger} showName={false}>
        <p className={`home-status home-status--${group.toLowerCase()}`} data-field="status">
          {t(`homeCharging.groups.${group}`)}
          {charger.lastheartbeatat &&
            ` · ${t('homeCharging.list.lastSeen', {
              date: dates.format(charger.lastheartbeatat, 'dateTime'),
            })}`}
        </p>
      </ChargerBanner>
      <Connectors charger={charger} />

      <h2 className="home-section">{t('homeCharging.overview.current')}</h2>
      {latest.isPending ? (
        <IonSpinner name="crescent" color="primary" />
      ) : running ? (
        <TransactionSummary transaction={running}>
          {running.state !== 'pending' && (
            <ChargeNow charger={charger} transactionId={running._id} />
          )}
          <div className="home-charger-actions">
            <IonButton
              expand="block"
              fill="outline"
              routerLink={sessionPath('charging-in-progress', running._id)}
            >
              {t('homeCharging.overview.follow')}
            </IonButton>
            <DebounceButton
              expand="block"
              color="danger"
              disabled={stop.isPending || running.state === 'pending'}
              onDebouncedClick={() => stop.mutate(running._id)}
            >
              {t('homeCharging.overview.stop')}
            </DebounceButton>
          </div>
        </TransactionSummary>
      ) : (
        <>
          <p className="form-note">
            {startable.length > 0
              ? t('homeCharging.overview.ready')
              : t('homeCharging.overview.notReady')}
          </p>
          {startable.map((connector) => (
            <DebounceButton
              key={connector.connectornumber}
              className="primary-action"
              expand="block"
              disabled={start.isPending}
              onDebouncedClick={() =>
                start.mutate(
                  { chargerid: charger._id, connectorid: connector.connectornumber },
                  { onSuccess: (started) => navigate(sessionPath('start-charging', started._id)) },
                )
              }
            >
              {startable.length > 1
                ? t('homeCharging.overview.startOn', { name: connector.name })
                : t('homeCharging.overview.start')}
            </DebounceButton>
          ))}
        </>
      )}
      <FormError message={commandError ? errorMessage(commandError) : null} />

      <h2 className="home-section">{t('homeCharging.overview.last')}</h2>
      {last.isPending ? (
        <IonSpinner name="crescent" color="primary" />
      ) : last.data ? (
        <ul className="home-sessions">
          <SessionItem item={last.data} />
        </ul>
      ) : (
        <p className="form-note">{t('homeCharging.sessions.empty')}</p>
      )}
    </>
  );
}
