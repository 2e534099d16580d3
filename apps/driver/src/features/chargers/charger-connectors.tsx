import { useTranslation } from 'react-i18next';
import { connectorStatusClass, connectorStatusWording } from '@evc/domain';
import { useOngoingSessionConnector } from '../../lib/charging-session/use-ongoing-session-connector.ts';
import type { ChargerRowState } from './charger-directory.ts';

/**
 * Each connector's type and status (spec 000 §4, 001 §4): the connector charging the driver's own
 * ongoing session shows its real status, every other busy one In use or Paused.
 */
export function ChargerConnectors({ barcode, state }: { barcode: string; state: ChargerRowState }) {
  const { t } = useTranslation();
  const mine = useOngoingSessionConnector(barcode);
  return (
    <ul className="finder-connectors">
      {state.connectors
        // Connector 0 is the charger itself and never listed (spec 000 §3).
        .filter(([number]) => number !== 0)
        .map(([number, type, status]) => {
          const wording = connectorStatusWording({
            status,
            chargerOnline: state.online,
            ownsTransaction: number === mine,
          });
          return (
            <li key={number}>
              <span className="finder-connectors__type">{type}</span>
              <span
                className={`status-chip status-chip--${connectorStatusClass(status, state.online)}`}
                data-status={wording}
              >
                {t(`chargers.status.${wording}`)}
              </span>
            </li>
          );
        })}
    </ul>
  );
}
