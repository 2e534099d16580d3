import { useQuery } from '@tanstack/react-query';
import { latestSessionQuery } from '../api/calls/latest-user-transaction.ts';

/** Where the driver's ongoing session is: the charger's id and the connector. */
export interface OngoingSessionConnector {
  chargerid: string;
  connector: number;
}

/**
 * Where the driver's ongoing session runs at the charger with this barcode, or null. Lists of many
 * chargers learn from the one latest-session answer which connector to ask the server about
 * (checkMyTransactionData), rather than asking about every busy connector in view.
 */
export function useOngoingSessionConnector(barcode: string): OngoingSessionConnector | null {
  const latest = useQuery({ ...latestSessionQuery, retry: false });
  const session = latest.data;
  if (!session || session.data.finished || session.barcode !== barcode) return null;
  return { chargerid: session.chargerid, connector: session.connectorid };
}
