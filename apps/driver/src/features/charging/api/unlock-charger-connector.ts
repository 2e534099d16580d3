import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

export interface ConnectorRef {
  chargerid: string;
  connectorid: number;
}

/** POST /unlockChargerConnector: OCPP UnlockConnector's answer. */
export const unlockChargerConnector = (connector: ConnectorRef) =>
  callApi('unlockChargerConnector', connector);

export function useUnlockConnector() {
  return useMutation({ mutationFn: unlockChargerConnector });
}
