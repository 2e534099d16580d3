import { useQuery } from '@tanstack/react-query';
import { latestSessionQuery } from '../api/calls/latest-user-transaction.ts';

/**
 * The connector of the driver's ongoing session at the charger with this barcode, or null: lists
 * of many chargers word that connector as its owner sees it (000 §4) from the one latest-session
 * answer, rather than asking each charger.
 */
export function useOngoingSessionConnector(barcode: string): number | null {
  const latest = useQuery({ ...latestSessionQuery, retry: false });
  const session = latest.data;
  if (!session || session.data.finished || session.barcode !== barcode) return null;
  return session.connectorid;
}
