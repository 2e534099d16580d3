import { useTranslation } from 'react-i18next';
import { connectorStatusClass, connectorStatusWording } from '@evc/domain';
import type { ChargerRowState } from './charger-directory.ts';

/** Each connector's type and status as another driver sees it (spec 000 §4, 001 §4). */
export function ChargerConnectors({ state }: { state: ChargerRowState }) {
  const { t } = useTranslation();
  return (
    <ul className="finder-connectors">
      {state.connectors
        // Connector 0 is the charger itself and never listed (spec 000 §3).
        .filter(([number]) => number !== 0)
        .map(([number, type, status]) => {
          const wording = connectorStatusWording({
            status,
            chargerOnline: state.online,
            ownsTransaction: false,
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
