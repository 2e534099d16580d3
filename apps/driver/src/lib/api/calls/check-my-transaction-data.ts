import { useQuery } from '@tanstack/react-query';
import { isSessionStatus, toConnectorStatus } from '@evc/domain';
import { callApi } from '../client.ts';
import { callQueryKey } from '../call-query-key.ts';

/**
 * POST /checkMyTransactionData {chargerid, connectorid}: whether the connector's current session
 * is the driver's own. Asked only while the connector is busy (`mayBeRunning`: the charger is
 * online and no one said no transaction runs), and again whenever its status changes (a session
 * may have started or ended).
 */
export function useOwnsConnectorSession(
  chargerid: string,
  connectorid: number,
  status: string | null | undefined,
  mayBeRunning: boolean,
): boolean {
  const shown = toConnectorStatus(status);
  const busy = mayBeRunning && isSessionStatus(shown);
  const mine = useQuery({
    queryKey: callQueryKey('checkMyTransactionData', { chargerid, connectorid, status: shown }),
    queryFn: () => callApi('checkMyTransactionData', { chargerid, connectorid }),
    enabled: busy,
    retry: false,
  });
  return busy && mine.data !== undefined && mine.data !== null;
}
