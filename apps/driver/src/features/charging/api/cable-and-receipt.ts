import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

/** How often the completed page asks whether the cable has been released. */
export const UNLOCK_CHECK_MS = 2000;

export interface ConnectorRef {
  chargerid: string;
  connectorid: number;
}

/** POST /unlockChargerConnector: OCPP UnlockConnector's answer. */
export function useUnlockConnector() {
  return useMutation({
    mutationFn: (connector: ConnectorRef) => callApi('unlockChargerConnector', connector),
  });
}

/** GET /connector/unlock/check, asked until the cable is out once an unlock was accepted. */
export function useUnlockCheck(connector: ConnectorRef, userId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['unlockCheck', connector.chargerid, connector.connectorid],
    queryFn: () =>
      callApi('unlockCheck', undefined, {
        query: {
          chargerid: connector.chargerid,
          connectorid: connector.connectorid,
          userid: userId,
        },
      }),
    enabled,
    refetchInterval: (query) => (query.state.data?.released ? false : UNLOCK_CHECK_MS),
  });
}

/** POST /development/stripe/receipts/send/generic {transactionid}: mails the receipt. */
export function useSendReceipt() {
  return useMutation({
    mutationFn: (transactionid: string) => callApi('sendReceipt', { transactionid }),
  });
}
