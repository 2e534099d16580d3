import { useTranslation } from 'react-i18next';
import { connectorStatusClass, connectorStatusWording, type ConnectorStatus } from '@evc/domain';
import { useOwnsConnectorSession } from '../../lib/api/calls/check-my-transaction-data.ts';
import {
  useOngoingSessionConnector,
  type OngoingSessionConnector,
} from '../../lib/charging-session/use-ongoing-session-connector.ts';
import type { ChargerRowState } from './charger-directory.ts';
import { connectorGroups } from './connector-groups.ts';

/** The status chip of one connector in the list. */
function ConnectorStatusChip({
  number,
  status,
  online,
  ongoing,
}: {
  number: number;
  status: ConnectorStatus;
  online: boolean;
  ongoing: OngoingSessionConnector | null;
}) {
  const { t } = useTranslation();
  const candidate = ongoing?.connector === number;
  // Only the connector of the driver's ongoing session is worth asking about; the server says.
  const owns = useOwnsConnectorSession(
    candidate ? ongoing.chargerid : '',
    number,
    status,
    online && candidate,
  );
  const wording = connectorStatusWording({
    status,
    chargerOnline: online,
    ownsTransaction: owns,
  });
  return (
    <span
      className={`status-chip status-chip--${connectorStatusClass(status, online)}`}
      data-status={wording}
    >
      {t(`chargers.status.${wording}`)}
    </span>
  );
}

/**
 * Each connector's type and status (spec 000 §4, 001 §4): the connector of the driver's own
 * transaction shows its real status, every other busy one In use or Paused. Connectors of one
 * type and wording are one entry with their number, so a row stays short (issue 19).
 */
export function ChargerConnectors({ barcode, state }: { barcode: string; state: ChargerRowState }) {
  const { t } = useTranslation();
  const ongoing = useOngoingSessionConnector(barcode);
  return (
    <ul className="finder-connectors">
      {connectorGroups(state, ongoing?.connector ?? null).map(({ number, type, status, count }) => (
        <li key={number}>
          <span className="finder-connectors__type">
            {count > 1 ? t('chargers.finder.connectorCount', { type, count }) : type}
          </span>
          <ConnectorStatusChip
            number={number}
            status={status}
            online={state.online}
            ongoing={ongoing}
          />
        </li>
      ))}
    </ul>
  );
}
